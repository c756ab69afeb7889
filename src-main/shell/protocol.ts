/**
 * Registers Ringside as the OS handler of `tel:` and `callto:` links. A packaged app registers its own
 * executable; a development run (`process.defaultApp`: the `electron` binary running the project) must name
 * the project too, or the OS would start a bare Electron for each link.
 */
import { resolve } from 'node:path';
import type { Logger } from '../shared/logger';

export const LINK_SCHEMES = ['tel', 'callto'] as const;

export interface ProcessInfo {
  /** Set by Electron when it runs an app given on its command line (development). */
  defaultApp?: boolean;
  execPath: string;
  argv: readonly string[];
}

export interface ProtocolApp {
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean;
}

/** The extra arguments of `setAsDefaultProtocolClient`: none when packaged; the executable and app path in development. */
export function protocolClientArguments(runtime: ProcessInfo): [] | [string, string[]] {
  const appPath = runtime.argv[1];
  if (!runtime.defaultApp || appPath === undefined) return [];
  return [runtime.execPath, [resolve(appPath)]];
}

/** Returns the schemes the OS accepted Ringside for; a refusal is logged, not fatal (links then open elsewhere). */
export function registerProtocolClients(app: ProtocolApp, runtime: ProcessInfo, logger: Logger): string[] {
  const args = protocolClientArguments(runtime);
  return LINK_SCHEMES.filter((scheme) => {
    const registered =
      args.length === 0
        ? app.setAsDefaultProtocolClient(scheme)
        : app.setAsDefaultProtocolClient(scheme, ...args);
    if (!registered) logger.warn(`could not register Ringside as the handler of ${scheme}: links`);
    return registered;
  });
}
