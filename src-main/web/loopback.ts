/**
 * What counts as this machine: the addresses the browser host may bind to without `--allow-remote`, and the
 * Host headers it answers. A page reached under any other name could be a DNS rebinding attack (a hostile
 * site whose name suddenly resolves to 127.0.0.1), so the name in the Host header matters, not the address.
 */
import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

/** An address to listen on that only this machine can reach: 127.0.0.0/8, ::1, or `localhost`. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (LOOPBACK_NAMES.has(bare)) return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** The host name of a Host header (`127.0.0.1:47300`, `[::1]:47300`, `localhost`), lower case; null when malformed. */
export function hostNameOf(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  const match = /^(\[[0-9a-f:.]+\]|[^[\]:]+)(?::(\d{1,5}))?$/i.exec(hostHeader.trim());
  if (!match) return null;
  return match[1]!.replace(/^\[|\]$/g, '').toLowerCase();
}

/** Whether a Host header names this machine by a loopback name (any port, so SSH port forwarding works). */
export function isLoopbackHostHeader(hostHeader: string | undefined): boolean {
  const name = hostNameOf(hostHeader);
  return name !== null && LOOPBACK_NAMES.has(name);
}

/**
 * Whether a Host header is acceptable when the host was bound beyond loopback on purpose (`--allow-remote`):
 * loopback names, and IP literals, which no DNS answer can rebind. Other names stay refused.
 */
export function isAddressHostHeader(hostHeader: string | undefined): boolean {
  const name = hostNameOf(hostHeader);
  return name !== null && (LOOPBACK_NAMES.has(name) || isIP(name) !== 0);
}
