/**
 * How the OS starts this Ringside again (at login, for a `tel:` link): the installed app, never a bare
 * Electron. From a package that is the app's own executable; from an AppImage the AppImage file
 * (`$APPIMAGE`: the executable inside is gone when the image unmounts); from a source checkout
 * (`process.defaultApp`: the `electron` binary running the project) the binary with the project's path.
 */
import { resolve } from 'node:path';

export interface RuntimeInfo {
  execPath: string;
  argv: readonly string[];
  /** Set by Electron when it runs an app given on its command line (development). */
  defaultApp?: boolean;
  env: NodeJS.ProcessEnv;
}

export type AppLaunchKind = 'packaged' | 'appimage' | 'development';

export interface AppLaunch {
  kind: AppLaunchKind;
  executable: string;
  /** Arguments before any of the caller's own: the project's path in development. */
  args: string[];
}

export function appLaunch(runtime: RuntimeInfo): AppLaunch {
  const appImage = runtime.env['APPIMAGE'];
  if (appImage) return { kind: 'appimage', executable: appImage, args: [] };
  const appPath = runtime.argv[1];
  if (runtime.defaultApp && appPath !== undefined) {
    return { kind: 'development', executable: runtime.execPath, args: [resolve(appPath)] };
  }
  return { kind: 'packaged', executable: runtime.execPath, args: [] };
}

/** Added to the command line the login item starts, so Ringside knows it was started at login. */
export const STARTED_AT_LOGIN_ARG = '--started-at-login';

/** Whether this run was started at login: by the argument (Linux, Windows) or as macOS reports it. */
export function startedAtLogin(input: { argv: readonly string[]; macOpenedAtLogin?: boolean }): boolean {
  return input.argv.includes(STARTED_AT_LOGIN_ARG) || input.macOpenedAtLogin === true;
}

/**
 * Whether the window stays hidden when Ringside starts: only when it was started at login with "start
 * hidden in the tray" on, and a tray icon can bring it back (otherwise the agent could not reach it).
 */
export function startsHidden(input: {
  startedAtLogin: boolean;
  startHidden: boolean;
  trayShown: boolean;
}): boolean {
  return input.startedAtLogin && input.startHidden && input.trayShown;
}
