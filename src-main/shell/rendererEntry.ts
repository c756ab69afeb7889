/**
 * Where the renderer comes from (the app's own origin, app://ringside, or in development electron-vite's dev
 * server) and, from that, which URLs are the app's own: the one fact both the navigation guard and the IPC
 * sender check rely on. Only a development build (`npm run dev`, see electron.vite.config.ts) ever asks for
 * the dev server: the composition root reads ELECTRON_RENDERER_URL behind that build-time switch.
 */
import { APP_ENTRY_URL, isAppOriginUrl } from './appOrigin';

export type RendererEntry = { kind: 'app'; url: string } | { kind: 'dev-server'; url: string };

export const APP_ENTRY: RendererEntry = { kind: 'app', url: APP_ENTRY_URL };

/**
 * The dev server named by ELECTRON_RENDERER_URL (set by `electron-vite dev`), or the app's origin when none
 * is named. Throws for a URL that is not http(s).
 */
export function developmentEntry(devServerUrl: string | undefined): RendererEntry {
  if (!devServerUrl) return APP_ENTRY;
  const url = URL.parse(devServerUrl);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`ELECTRON_RENDERER_URL must be an http(s) URL, got ${JSON.stringify(devServerUrl)}.`);
  }
  return { kind: 'dev-server', url: url.href };
}

/** The app's own URLs: any path of app://ringside, or of the dev server's origin in development. */
export function createAppUrlMatcher(entry: RendererEntry): (url: string) => boolean {
  if (entry.kind === 'app') return isAppOriginUrl;
  const origin = new URL(entry.url).origin;
  return (url) => URL.parse(url)?.origin === origin;
}

/** The URL a window loads: the entry, with `hash` as the route when given (e.g. the dial confirmation). */
export function entryUrl(entry: RendererEntry, hash?: string): string {
  const base = entry.url.split('#')[0]!;
  return hash ? `${base}#${hash}` : base;
}
