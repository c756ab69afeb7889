/**
 * Ringside as the OS handler of `tel:` and `callto:` links. An installed package declares it itself: the
 * macOS bundle's Info.plist (CFBundleURLTypes), the deb's desktop entry (MimeType=x-scheme-handler/tel;…),
 * the Windows installer's registry entries (resources/installer.nsh); see electron-builder.config.ts. The
 * app calls `setAsDefaultProtocolClient` only where no package did: a source checkout (naming the project
 * too, or the OS would start a bare Electron for each link), an AppImage (after writing the desktop entry
 * it lacks), an unpacked `--dir` build.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Logger } from '../shared/logger';
import type { AppLaunch } from './appLaunch';
import { desktopEntry } from './desktopEntry';
import { END_OF_OPTIONS } from './telLinks';

/** `tel:`/`callto:` to dial; `ringside:` for a team server's enrollment link (telLinks.ts). */
export const LINK_SCHEMES = ['tel', 'callto', 'ringside'] as const;

/** The desktop entry name of the Linux packages (electron-builder's `linux.executableName` + .desktop). */
export const LINUX_DESKTOP_FILE = 'ringside.desktop';
/** Where the deb installs its desktop entry. */
export const SYSTEM_DESKTOP_ENTRY = join('/usr/share/applications', LINUX_DESKTOP_FILE);
/** Written by the NSIS installer beside the executable (electron-builder's default name). */
// i18n-exempt: the uninstaller’s file name.
export const WINDOWS_UNINSTALLER = 'Uninstall Ringside.exe';

export interface ProtocolApp {
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean;
}

export interface LinkRegistrationInput {
  platform: NodeJS.Platform;
  launch: AppLaunch;
  fileExists?: (path: string) => boolean;
}

/** Whether the package Ringside was installed from already registered it for the link schemes. */
export function packageRegistersLinks({ platform, launch, fileExists = existsSync }: LinkRegistrationInput) {
  if (launch.kind !== 'packaged') return false;
  if (platform === 'darwin') return true;
  if (platform === 'win32') return fileExists(join(dirname(launch.executable), WINDOWS_UNINSTALLER));
  if (platform === 'linux') return fileExists(SYSTEM_DESKTOP_ENTRY);
  return false;
}

/**
 * The extra arguments of `setAsDefaultProtocolClient`: the executable and project path in development; on
 * Windows also `--` before the link (`"Ringside.exe" -- "%1"`), as the installer registers it, so Chromium
 * reads nothing in a link as a switch (telLinks.ts reads the link after it).
 */
export function protocolClientArguments(
  launch: AppLaunch,
  platform: NodeJS.Platform = process.platform,
): [] | [string, string[]] {
  const endOfOptions = platform === 'win32' ? [END_OF_OPTIONS] : [];
  if (launch.kind === 'development') return [launch.executable, [...launch.args, ...endOfOptions]];
  return platform === 'win32' ? [launch.executable, endOfOptions] : [];
}

/** The desktop entry an AppImage needs for the desktop to know it handles the link schemes. */
export function linkHandlerEntry(launch: AppLaunch): string {
  return desktopEntry({
    launch,
    fieldCode: '%u',
    lines: [
      'Terminal=false',
      'NoDisplay=true',
      `MimeType=${LINK_SCHEMES.map((scheme) => `x-scheme-handler/${scheme};`).join('')}`,
    ],
  });
}

export function userDesktopEntryPath(env: NodeJS.ProcessEnv): string {
  const dataHome = env['XDG_DATA_HOME'] || join(homedir(), '.local', 'share');
  return join(dataHome, 'applications', LINUX_DESKTOP_FILE);
}

export interface RegisterLinksDeps extends LinkRegistrationInput {
  app: ProtocolApp;
  env: NodeJS.ProcessEnv;
  logger: Logger;
}

/**
 * Registers Ringside for the link schemes where no package did; returns the schemes the OS accepted it for
 * (all of them when the package registered). A refusal is logged, not fatal: links then open elsewhere.
 */
export function registerLinkSchemes(deps: RegisterLinksDeps): string[] {
  const { app, launch, logger } = deps;
  if (packageRegistersLinks(deps)) return [...LINK_SCHEMES];
  if (deps.platform === 'linux' && launch.kind === 'appimage') {
    try {
      const file = userDesktopEntryPath(deps.env);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, linkHandlerEntry(launch));
    } catch (error) {
      logger.warn('could not write the desktop entry for tel: links', error);
    }
  }
  const args = protocolClientArguments(launch, deps.platform);
  return LINK_SCHEMES.filter((scheme) => {
    const registered =
      args.length === 0
        ? app.setAsDefaultProtocolClient(scheme)
        : app.setAsDefaultProtocolClient(scheme, ...args);
    if (!registered) logger.warn(`could not register Ringside as the handler of ${scheme}: links`);
    return registered;
  });
}
