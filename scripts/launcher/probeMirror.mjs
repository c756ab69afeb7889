/**
 * A quick look at whether Electron's download can work: one HEAD request for the release file, through the
 * proxy that HTTPS_PROXY/HTTP_PROXY (and NO_PROXY) name, given a couple of seconds. It runs beside the
 * installer and never stops it; what it finds is the "why" in the launcher's message when the installer
 * fails (Electron's own error is a bare "fetch failed").
 */

export const PROBE_TIMEOUT_MS = 2000;

/** The proxy variables, read the way undici's EnvHttpProxyAgent reads them (lower case first). */
export function proxySettings(env) {
  const httpProxy = env.http_proxy || env.HTTP_PROXY || undefined;
  const httpsProxy = env.https_proxy || env.HTTPS_PROXY || httpProxy;
  const noProxy = env.no_proxy || env.NO_PROXY || undefined;
  return httpsProxy || httpProxy ? { httpProxy, httpsProxy, noProxy } : undefined;
}

/**
 * @returns {Promise<{ reachable: true, status: number } | { reachable: false, problem: string }>}
 *   never rejects
 */
export async function probeMirror(url, { env, timeoutMs = PROBE_TIMEOUT_MS }) {
  const proxy = proxySettings(env);
  const parsed = URL.parse(url);
  const host = parsed?.host ?? url;
  const proxyUrl = parsed?.protocol === 'http:' ? proxy?.httpProxy : proxy?.httpsProxy;
  const target = proxyUrl ? `the proxy ${withoutCredentials(proxyUrl)} (for ${host})` : host;
  try {
    const request = await requestFunction(proxy);
    const response = await request(url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (response.status >= 400) {
      return { reachable: false, problem: `${host} answered HTTP ${response.status} for ${url}` };
    }
    return { reachable: true, status: response.status };
  } catch (error) {
    return { reachable: false, problem: describeNetworkError(error, target, timeoutMs) };
  }
}

/** A proxy address fit to print: a user name and password in it become ***. */
export function withoutCredentials(proxyUrl) {
  const parsed = URL.parse(proxyUrl);
  if (!parsed || (!parsed.username && !parsed.password)) return proxyUrl;
  parsed.username = '***';
  parsed.password = '';
  return parsed.href;
}

/** Global fetch, or undici's fetch through the proxy when one is set (global fetch ignores HTTPS_PROXY). */
async function requestFunction(proxy) {
  if (!proxy) return fetch;
  const { EnvHttpProxyAgent, fetch: undiciFetch } = await import('undici');
  const dispatcher = new EnvHttpProxyAgent(proxy);
  return (url, init) => undiciFetch(url, { ...init, dispatcher });
}

function describeNetworkError(error, host, timeoutMs) {
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError') {
    return `${host} did not answer within ${timeoutMs / 1000} s`;
  }
  const code = error?.cause?.code ?? error?.code;
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${host} could not be found (${code}: no network, or no DNS)`;
    case 'ECONNREFUSED':
      return `${host} refused the connection (${code})`;
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return `${host} did not answer (${code})`;
    default:
      return `${host} could not be reached (${code || error?.cause?.message || error?.message || String(error)})`;
  }
}
