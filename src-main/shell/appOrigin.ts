/**
 * The app's own origin: `app://ringside`, a privileged scheme (standard and secure) that serves the built
 * renderer (appProtocol.ts). It is the one fact the navigation guard and the IPC sender check compare
 * against. Node's URL parser gives non-special schemes no origin (`origin` is "null"), so the scheme and
 * the host are compared instead.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'ringside';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** What every window loads (a route other than the main window's goes in the fragment). */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Whether a URL belongs to the app's origin: `app://ringside/<any path>`, nothing else. */
export function isAppOriginUrl(url: string): boolean {
  const candidate = URL.parse(url);
  return (
    candidate !== null &&
    candidate.protocol === `${APP_SCHEME}:` &&
    candidate.host === APP_HOST &&
    candidate.username === '' &&
    candidate.password === ''
  );
}
