/**
 * The one way Ringside opens a link outside itself: in the OS browser, and only an `https:` link or an `http:`
 * one to this computer (shared/crmTemplate.ts). The windows themselves never navigate away (webContentsGuard.ts).
 */
import { isOpenableCrmUrl } from '../shared/crmTemplate';
import { t } from '../shared/i18n';

export class RefusedExternalLink extends Error {}

export async function openExternalLink(
  url: string,
  openInBrowser: (url: string) => Promise<void>,
): Promise<void> {
  if (!isOpenableCrmUrl(url)) throw new RefusedExternalLink(t('tray.externalLinkRefused'));
  await openInBrowser(url);
}
