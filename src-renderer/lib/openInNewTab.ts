/**
 * The browser host's half of "the one way Ringside opens a link outside itself" (the desktop's is
 * shell/externalLinks.ts): only an https: link, or http: to this computer, in a new tab that cannot reach
 * back to Ringside's page (`noopener`, and no referrer).
 */
import { isOpenableCrmUrl } from '../../src-main/shared/crmTemplate';

export function openInNewTab(url: string, open: typeof window.open = window.open.bind(window)): boolean {
  if (!isOpenableCrmUrl(url)) return false;
  open(url, '_blank', 'noopener,noreferrer');
  return true;
}
