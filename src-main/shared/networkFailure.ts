/**
 * Turns what `fetch` throws into a `NetworkErrorKind`. Node's fetch (undici) throws `TypeError('fetch
 * failed')` with the system error as `cause` (sometimes an `AggregateError` of several addresses); Electron's
 * `net.fetch` throws errors whose message names a Chromium net error (`net::ERR_NAME_NOT_RESOLVED`).
 * Shared by the PBX's client (api/http/httpTransport.ts) and the desktop's client of a team server
 * (remote/remoteError.ts), which word the same kinds for their own server.
 */

/** Why a server could not be reached, as far as the error tells. */
export type NetworkErrorKind = 'dns' | 'refused' | 'reset' | 'tls' | 'not-https' | 'other';

/** The kind, and the code (system, OpenSSL or Chromium's) it was read from when there was one. */
export interface NetworkFailure {
  kind: NetworkErrorKind;
  code?: string;
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'HOSTNAME_MISMATCH',
]);

/**
 * What OpenSSL (Node) says when the server's first bytes are not a TLS record: an `https://` URL to a server
 * that speaks plain HTTP (its `HTTP/1.1 400` is read as a TLS version, or as a record far too long).
 */
const NOT_TLS_CODES = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'EPROTO']);

const CODE_KINDS: Record<string, NetworkErrorKind> = {
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_FAIL: 'dns',
  EAI_NODATA: 'dns',
  EAI_NONAME: 'dns',
  ECONNREFUSED: 'refused',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  UND_ERR_SOCKET: 'reset',
  UND_ERR_CLOSED: 'reset',
};

const CHROMIUM_KINDS: Array<[RegExp, NetworkErrorKind]> = [
  [/net::ERR_(NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED)/, 'dns'],
  [/net::ERR_CONNECTION_REFUSED/, 'refused'],
  [/net::ERR_(CONNECTION_RESET|CONNECTION_CLOSED|EMPTY_RESPONSE|CONNECTION_ABORTED)/, 'reset'],
  // Chromium's name for a server whose answer is not TLS at all (a plain-HTTP server on an https:// URL).
  [/net::ERR_SSL_PROTOCOL_ERROR/, 'not-https'],
  [/net::ERR_(CERT_|SSL_|BAD_SSL_)/, 'tls'],
];

function kindOfCode(code: string): NetworkErrorKind | undefined {
  if (code in CODE_KINDS) return CODE_KINDS[code];
  if (NOT_TLS_CODES.has(code)) return 'not-https';
  if (TLS_CODES.has(code) || code.startsWith('CERT_') || code.startsWith('ERR_TLS_')) return 'tls';
  if (code.startsWith('ERR_SSL_')) return 'tls';
  return undefined;
}

/** The error, its causes and the members of aggregate errors, breadth first, bounded. */
function* causes(error: unknown): Generator<unknown> {
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length > 0 && seen < 16; seen++) {
    const current = queue.shift();
    yield current;
    if (current instanceof Error) {
      if (current.cause !== undefined) queue.push(current.cause);
      if (current instanceof AggregateError) queue.push(...current.errors);
    }
  }
}

export function readNetworkFailure(error: unknown): NetworkFailure {
  for (const candidate of causes(error)) {
    if (typeof candidate !== 'object' || candidate === null) continue;
    const code = (candidate as { code?: unknown }).code;
    if (typeof code === 'string') {
      const kind = kindOfCode(code);
      if (kind) return { kind, code };
    }
    const message = (candidate as { message?: unknown }).message;
    if (typeof message === 'string') {
      const match = CHROMIUM_KINDS.find(([pattern]) => pattern.test(message));
      if (match) return { kind: match[1], code: /net::ERR_[A-Z_]+/.exec(message)?.[0] };
    }
  }
  return { kind: 'other' };
}

export const classifyNetworkFailure = (error: unknown): NetworkErrorKind => readNetworkFailure(error).kind;
