/**
 * The headers every browser host response carries. The Content-Security-Policy is the desktop window's
 * (src-renderer/index.html's meta tag, which the built page still carries) plus `frame-ancestors 'none'`,
 * which only works as a header. `connect-src 'self'` covers the page's own WebSocket: CSP3 lets 'self' match
 * ws: on the page's own host and port (checked in Chromium, see docs/browser-host.md).
 */

/** The desktop window's policy, directive by directive, and the header-only `frame-ancestors`. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  // The page's window cannot be scripted by one it opened, or that opened it.
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};
