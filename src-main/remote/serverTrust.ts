/**
 * The trust of the desktop's connection to its team server: every request and the WebSocket of remote/ go
 * through the dispatcher made here. undici on its own trusts only Node's bundled CAs; this one trusts what a
 * browser on this computer trusts (the OS certificate store, plus Node's CAs), and with a certificate pinned
 * in Settings ("trust exactly this certificate", as for an on-premises PBX) that certificate or CA too, for
 * the server's host only (app/connection/systemTrust.ts). Never "ignore TLS errors": signatures, validity
 * and the host name are still checked. Plain `http:` only to a server on this computer.
 */
import { Agent, type Dispatcher } from 'undici';
import { systemTrustedCertificates, trustOptions } from '../app/connection/systemTrust';
import { isLoopbackHost } from '../shared/loopback';
import type { Logger } from '../shared/logger';
import { t } from '../shared/i18n';
import { RemoteError } from './remoteError';

export interface ServerDispatcherOptions {
  /** The team server's origin (`https://ringside.example.com`). */
  serverUrl: string;
  /** The PEM chosen in Settings: the server's own certificate or its CA; null to trust the OS store only. */
  certificatePem: string | null;
  /** The certificates trusted without a pin; default: the OS store plus Node's CAs. */
  trusted?: readonly string[];
  /** Told when the OS store cannot be read. */
  logger?: Logger;
}

/** The server's URL, refused unless it is https:, or http: to this computer. */
function serverAddress(serverUrl: string): URL {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    throw new RemoteError('invalid-argument', t('errors.teamServerUrlInvalid'));
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url;
  throw new RemoteError('invalid-argument', t('errors.teamServerPlainHttp'));
}

export function createServerDispatcher({
  serverUrl,
  certificatePem,
  trusted,
  logger,
}: ServerDispatcherOptions): Dispatcher {
  const url = serverAddress(serverUrl);
  const pin = certificatePem ? { host: url.hostname, pem: certificatePem } : null;
  return new Agent({ connect: trustOptions(trusted ?? systemTrustedCertificates(logger), pin) });
}
