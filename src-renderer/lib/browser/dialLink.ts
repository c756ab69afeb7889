/**
 * `tel:` links in the browser host. The browser cannot be told to hand `tel:` links to an app, but it can
 * hand them to a page: `registerProtocolHandler` makes it open `<origin>/?dial=<the link>`. The page reads
 * the link as the desktop app reads one from the OS (shared/tel.ts: untrusted, checked part by part), and
 * it then goes the way of a link: confirmed before it is dialled (see BrowserCallSurfaces.svelte).
 */
import { dialTextOf, parseTelUri } from '../../../src-main/shared/tel';
import { SAME_SITE_RELOAD_PARAMETER } from '../../../src-main/shared/wsProtocol';

export const DIAL_QUERY_PARAMETER = 'dial';

export type DialLink = { ok: true; dial: string } | { ok: false; reason: string };

/** The `?dial=` of a page URL: null when there is none; a link without a scheme is read as `tel:`. */
export function readDialLink(search: string): DialLink | null {
  const value = new URLSearchParams(search).get(DIAL_QUERY_PARAMETER);
  if (value === null) return null;
  const parsed = parseTelUri(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `tel:${value}`);
  return parsed.ok ? { ok: true, dial: dialTextOf(parsed) } : { ok: false, reason: parsed.reason };
}

/** The page URL without its `?dial=` (and the server's same-site reload marker), so a reload does not ask again. */
export function withoutDialLink(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(DIAL_QUERY_PARAMETER);
  url.searchParams.delete(SAME_SITE_RELOAD_PARAMETER);
  return url.href;
}

export function canOpenTelLinks(navigatorLike: Partial<Navigator> = navigator): boolean {
  return typeof navigatorLike.registerProtocolHandler === 'function';
}

/** Asks the browser to open `tel:` links here; the browser asks the agent (no answer comes back). */
export function offerToOpenTelLinks(origin: string, navigatorLike: Navigator = navigator): void {
  navigatorLike.registerProtocolHandler('tel', `${origin}/?${DIAL_QUERY_PARAMETER}=%s`);
}
