/** The PBX's URLs: the API root, the auth root, and request URLs with their query. */
import { InvalidArgument } from './errors';
import { t } from '../shared/i18n';
import { isLoopbackHost } from '../shared/loopback';

export interface PbxUrls {
  /** The API root without a trailing slash, e.g. `https://pbx.example.com/api/v1.0`. */
  baseUrl: string;
  /** The same host without the API path, e.g. `https://pbx.example.com`: the token endpoint and v2 live here. */
  authUrl: string;
}

const API_ROOT = /\/api\/v\d+\.\d+$/;

/** Which URL a message names: `base` (the PBX URL) or `auth` (the PBX auth URL). */
type UrlKind = 'base' | 'auth';

/** A scheme as URLs spell it (`https://`); `localhost:8080` has none, though `new URL` would read one. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * What a person types, with the scheme they left out: a bare host (`pbx.example`, `pbx.example:8443/api/v1.0`)
 * gets `https://`, a host on this computer (`localhost`, `127.0.0.1:18310`, `[::1]`) gets `http://`, since a
 * PBX is reached over HTTPS but a loopback PBX (a simulator, an SSH tunnel) almost always speaks plain HTTP.
 */
export function withDefaultScheme(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || HAS_SCHEME.test(trimmed)) return trimmed;
  let hostname: string;
  try {
    hostname = new URL(`https://${trimmed}`).hostname;
  } catch {
    return trimmed;
  }
  return `${isLoopbackHost(hostname) ? 'http' : 'https'}://${trimmed}`;
}

function parseHttpUrl(text: string, which: UrlKind): URL {
  let url: URL;
  try {
    url = new URL(withDefaultScheme(text));
  } catch {
    throw new InvalidArgument(t('pbx.urlInvalid', { which, url: text }));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidArgument(t('pbx.urlScheme', { which }));
  }
  if (url.username || url.password) {
    throw new InvalidArgument(t('pbx.urlCredentials', { which }));
  }
  if (url.search || url.hash) {
    throw new InvalidArgument(t('pbx.urlQuery', { which }));
  }
  return url;
}

function withoutTrailingSlash(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The API root and the auth root. A base URL ending with the version segment (`/api/v1.0`) is used as is
 * and the auth URL is it without that segment; a bare host URL gets `/api/v1.0` appended, since people
 * often type only the host.
 */
export function resolvePbxUrls(baseUrl: string, authUrl?: string): PbxUrls {
  const base = withoutTrailingSlash(parseHttpUrl(baseUrl, 'base'));
  const resolvedBase = API_ROOT.test(base) ? base : `${base}/api/v1.0`;
  const resolvedAuth =
    authUrl !== undefined
      ? withoutTrailingSlash(parseHttpUrl(authUrl, 'auth'))
      : resolvedBase.replace(API_ROOT, '');
  return { baseUrl: resolvedBase, authUrl: resolvedAuth };
}

export type QueryValue = string | number | boolean | undefined;

/** `root + path` with the defined query values; booleans become the API's `1`/`0` flags. */
export function buildUrl(root: string, path: string, query?: Record<string, QueryValue>): URL {
  const url = new URL(`${root}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    url.searchParams.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return url;
}
