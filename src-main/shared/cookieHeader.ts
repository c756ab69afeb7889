/**
 * Reading a request's Cookie header, for the hosts that check a session cookie themselves (the browser
 * host, the team server). Browser-safe: no Node built-ins.
 */

/** The values of the cookie `name` in a Cookie header (a browser may send several of one name). */
export function cookieValues(cookieHeader: string | undefined, name: string): string[] {
  if (!cookieHeader) return [];
  return cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
}
