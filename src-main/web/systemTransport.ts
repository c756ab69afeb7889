/**
 * How the browser host reaches the PBX: the Node equivalent of the desktop's `net.fetch`. undici's
 * EnvHttpProxyAgent takes the proxy from HTTPS_PROXY/HTTP_PROXY/NO_PROXY (loopback always direct, as in
 * Chromium); TLS trusts Node's bundled CAs plus the OS certificate store, and a certificate pinned in
 * Settings for the PBX's own host only (app/connection/systemTrust.ts).
 */
import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import { resolvePbxUrls, type FetchLike } from '../api';
import type { PbxTransport } from '../app/connection/pbxTransport';
import { systemTrustedCertificates, trustOptions } from '../app/connection/systemTrust';

/** Hosts never sent through a proxy, whatever NO_PROXY says: the embedded demo PBX lives there. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '::1', '[::1]'];

export interface SystemTransportOptions {
  env?: NodeJS.ProcessEnv;
  /** The certificates trusted without a pin; default: systemTrustedCertificates(). */
  trusted?: string[];
}

export function createSystemTransport({
  env = process.env,
  trusted = systemTrustedCertificates(),
}: SystemTransportOptions = {}): PbxTransport {
  const noProxy = [env['no_proxy'] ?? env['NO_PROXY'], ...LOOPBACK_HOSTS].filter(Boolean).join(',');
  return {
    open({ baseUrl, trustedCertificatePem }) {
      const tls = trustOptions(
        trusted,
        trustedCertificatePem
          ? { host: new URL(resolvePbxUrls(baseUrl).baseUrl).hostname, pem: trustedCertificatePem }
          : null,
      );
      const agent = new EnvHttpProxyAgent({
        httpProxy: env['http_proxy'] ?? env['HTTP_PROXY'],
        httpsProxy: env['https_proxy'] ?? env['HTTPS_PROXY'],
        noProxy,
        // Direct connections, and the PBX's TLS inside a proxy tunnel; the proxy's own TLS trusts the system.
        connect: tls,
        requestTls: tls,
        proxyTls: trustOptions(trusted, null),
      });
      const fetch: FetchLike = (url, init) => undiciFetch(url, { ...init, dispatcher: agent });
      return { fetch, close: () => agent.close() };
    },
  };
}
