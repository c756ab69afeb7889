/**
 * Whether a URL's host name is this computer: `localhost` (and its subdomains, which browsers and Node resolve
 * to loopback), 127.0.0.0/8 and ::1, with or without the brackets of a URL's IPv6 host. The one rule for
 * "http: is allowed only to this computer" (the PBX URL, CRM links). The browser host's Host-header check is
 * stricter on purpose (web/loopback.ts).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
