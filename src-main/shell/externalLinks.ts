/**
 * The one way Ringside opens a link outside itself: in the OS browser, and only an `https:` link or an `http:`
 * one to this computer (shared/crmTemplate.ts). The windows themselves never navigate away (webContentsGuard.ts).
 */
import { isOpenableCrmUrl } from '../shared/crmTemplate';

export class RefusedExternalLink extends Error {}

export async function openExternalLink(
  url: string,
  openInBrowser: (url: string) => Promise<void>,
): Promise<void> {
  if (!isOpenableCrmUrl(url))
    throw new RefusedExternalLink('Ringside opens only https: links (or http: to this computer).');
  await openInBrowser(url);
}
