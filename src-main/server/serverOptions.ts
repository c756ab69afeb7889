/**
 * What the configuration file (config/, checked by loadServerConfig) makes of the server: the options of
 * composeTeamServer that come from it, and the PBX it names. The entry point (serverMain.ts) adds what is
 * the process's (logger, clock, the renderer, the build); tests start a server from a file the same way.
 */
import { readFileSync } from 'node:fs';
import type { PbxProfile } from '../app/connection/connectionManager';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import type { TeamServerRunOptions } from './composeTeamServer';
import type { ServerConfig, ServerSecrets } from './config/loadServerConfig';
import { OidcSignIn } from './identity/oidcSignIn';
import { pbxEmailResolver } from './identity/pbxEmailResolver';
import { pbxUsernameResolver } from './identity/pbxUserResolver';
import { CALLBACK_PATH } from './identity/signInRoutes';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export type ConfiguredOptions = Pick<
  TeamServerRunOptions,
  | 'dataDirectory'
  | 'host'
  | 'port'
  | 'publicOrigin'
  | 'tls'
  | 'trustProxy'
  | 'phoneOverrides'
  | 'administrators'
  | 'crmEdits'
  | 'sessionLifetimes'
  | 'monitorWhileSignedOut'
  | 'oidc'
>;

/** The configuration as composeTeamServer's options; reads the TLS certificate and key. */
export function serverOptionsFrom(
  config: ServerConfig,
  secrets: ServerSecrets,
  deps: { clock: Clock; logger: Logger },
): ConfiguredOptions {
  const { oidc } = config;
  return {
    dataDirectory: config.dataDirectory,
    host: config.listen.host,
    port: config.listen.port,
    publicOrigin: config.publicUrl,
    tls: config.tls && {
      cert: readFileSync(config.tls.certFile, 'utf8'),
      key: readFileSync(config.tls.keyFile, 'utf8'),
    },
    trustProxy: config.trustProxy,
    phoneOverrides: config.phoneOverrides,
    administrators: config.admins,
    crmEdits: config.crmEdits,
    sessionLifetimes: {
      idleMs: config.sessions.idleHours * HOUR_MS,
      absoluteMs: config.sessions.absoluteDays * DAY_MS,
    },
    monitorWhileSignedOut: config.monitorWhileSignedOut,
    oidc:
      oidc &&
      ((origin, pbx) =>
        new OidcSignIn({
          config: {
            issuer: oidc.issuer,
            clientId: oidc.clientId,
            clientSecret: secrets.oidcClientSecret ?? '',
            redirectUri: new URL(CALLBACK_PATH, origin).href,
            claim: oidc.claim,
          },
          // The PBX's client of the moment: a reconnect replaces it. No client: the PBX cannot be asked.
          resolveAgent: (claimValue) =>
            oidc.claim === 'email'
              ? pbxEmailResolver(pbx.requireClient(), (email) => pbx.knownUserIdsWithEmail(email))(claimValue)
              : pbxUsernameResolver(pbx.requireClient())(claimValue),
          clock: deps.clock,
          logger: deps.logger,
        })),
  };
}

/** The PBX the configuration names with its service account; null: the embedded demo PBX. */
export function configuredPbx(config: ServerConfig, secrets: ServerSecrets): PbxProfile | null {
  if (!config.pbx) return null;
  return {
    kind: 'configured',
    baseUrl: config.pbx.baseUrl,
    clientId: config.pbx.clientId,
    // loadServerConfig refuses a configuration whose PBX has no secret.
    clientSecret: secrets.pbxSecret ?? '',
    trustedCertificatePem: config.trustedCertificatePem,
  };
}
