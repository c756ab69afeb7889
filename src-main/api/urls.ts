/** The PBX's URLs: the API root, the auth root, and request URLs with their query. */
import { InvalidArgument } from './errors';
import { t } from '../shared/i18n';

export interface PbxUrls {
  /** The API root without a trailing slash, e.g. `https://pbx.example.com/api/v1.0`. */
  baseUrl: string;
  /** The same host without the API path, e.g. `https://pbx.example.com`: the token endpoint and v2 live here. */
  authUrl: string;
}

const API_ROOT = /\/api\/v\d+\.\d+$/;

/** Which URL a message names: `base` (the PBX URL) or `auth` (the PBX auth URL). */
type UrlKind = 'base' | 'auth';

function parseHttpUrl(text: string, which: UrlKind): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
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
