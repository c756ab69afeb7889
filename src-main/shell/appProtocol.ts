/**
 * The `app:` scheme in Electron: registered as privileged before 'ready' (standard, so the page has a real
 * origin and relative URLs resolve; secure, a secure context like https; CORS-enabled, which Chromium's
 * module-script loading asks of a custom scheme), then served by `protocol.handle` from the built renderer
 * (appRequestHandler.ts). No window ever loads a `file://` URL. Nothing grants it more: it does not bypass
 * the CSP, has no fetch() privilege, and no response carries an Access-Control-Allow-Origin header, so no
 * other origin can read from it.
 */
import type { Logger } from '../shared/logger';
import { APP_SCHEME } from './appOrigin';
import { createAppRequestHandler } from './appRequestHandler';

export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  corsEnabled: true,
  codeCache: true,
} as const;

/** The part of Electron's `protocol` module used here. */
export interface ProtocolLike {
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges: typeof APP_SCHEME_PRIVILEGES }[]): void;
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
  unhandle(scheme: string): void;
}

/** Must run before the app is ready (Electron ignores a later registration). */
export function registerAppScheme(protocol: Pick<ProtocolLike, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
}

/** Serves `rendererRoot` at app://ringside/ (after 'ready'); returns the function that stops it. */
export function serveAppScheme(
  protocol: Pick<ProtocolLike, 'handle' | 'unhandle'>,
  rendererRoot: string,
  logger: Logger,
): () => void {
  protocol.handle(
    APP_SCHEME,
    createAppRequestHandler({
      root: rendererRoot,
      onRefused: (url, reason) => logger.warn(`app:// request refused (${reason})`, { url }),
    }),
  );
  return () => protocol.unhandle(APP_SCHEME);
}
