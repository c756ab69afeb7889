/**
 * The two forms of an enrollment link (docs/team-server.md, "With an enrollment link"): the web form the
 * team server has always issued, `https://ringside.example.com/enroll#<token>`, which a browser opens, and
 * the app form `ringside://enroll?server=<origin>#<token>`, which the OS hands to the desktop app. In both
 * the token is the fragment: a browser never sends it, and tools that log or preview an address without its
 * fragment (proxies, chat previews, the OS's "open with" prompts) leave it out. The server's origin is a
 * query parameter of the app form, so that its host is `enroll` for every server and the OS's handler of
 * `ringside:` sees at once what kind of link it is.
 */
export const APP_LINK_SCHEME = 'ringside:';
export const APP_ENROLLMENT_HOST = 'enroll';
export const WEB_ENROLLMENT_PATH = '/enroll';

/** The app form of the link whose server is `origin` and whose token is `token`. */
export function appEnrollmentLink(origin: string, token: string): string {
  const query = new URLSearchParams({ server: new URL(origin).origin });
  return `${APP_LINK_SCHEME}//${APP_ENROLLMENT_HOST}?${query}#${token}`;
}
