/**
 * "Start at login" registers the installed app (appLaunch.ts), never a bare Electron: Electron's login item
 * on macOS (the app bundle) and Windows (the executable and the arguments below); on Linux, where Electron
 * has none, an XDG autostart entry (~/.config/autostart/ringside.desktop), which GNOME, KDE, Xfce and others
 * honour. The command line carries `--started-at-login` (macOS reports it instead), so Ringside can start
 * hidden in the tray when the agent asked for that. A macOS source checkout has no app bundle to register:
 * the setting then says why it cannot be applied.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LoginItem } from '../app/settings/settingsService';
import { STARTED_AT_LOGIN_ARG, type AppLaunch } from './appLaunch';
import { desktopEntry } from './desktopEntry';

export interface LoginItemSettingsLike {
  openAtLogin: boolean;
  path?: string;
  args?: string[];
}

export interface LoginItemDeps {
  platform: NodeJS.Platform;
  /** Electron's `app.setLoginItemSettings`. */
  setLoginItemSettings(settings: LoginItemSettingsLike): void;
  /** What starts Ringside (appLaunch.ts). */
  launch: AppLaunch;
  env: NodeJS.ProcessEnv;
}

export function autostartEntry(launch: AppLaunch): string {
  return desktopEntry({
    launch,
    extraArgs: [STARTED_AT_LOGIN_ARG],
    lines: ['Terminal=false', 'X-GNOME-Autostart-enabled=true'],
  });
}

export function autostartPath(env: NodeJS.ProcessEnv): string {
  return join(env['XDG_CONFIG_HOME'] || join(homedir(), '.config'), 'autostart', 'ringside.desktop');
}

/** Windows reads the login item's arguments as one command line: each one is quoted. */
function windowsArgument(argument: string): string {
  return `"${argument.replace(/"/g, '\\"')}"`;
}

/** What `app.setLoginItemSettings` gets on macOS and Windows. */
export function loginItemSettings(
  platform: NodeJS.Platform,
  launch: AppLaunch,
  enabled: boolean,
): LoginItemSettingsLike {
  if (platform !== 'win32') return { openAtLogin: enabled };
  return {
    openAtLogin: enabled,
    path: launch.executable,
    args: [...launch.args.map(windowsArgument), STARTED_AT_LOGIN_ARG],
  };
}

export function createLoginItem(deps: LoginItemDeps): LoginItem {
  const { platform, launch } = deps;
  if (platform === 'darwin' && launch.kind === 'development') {
    return {
      setStartAtLogin(enabled) {
        if (enabled) {
          throw new Error(
            'macOS starts only an installed app at login; this is a source checkout (run the packaged app)',
          );
        }
      },
    };
  }
  if (platform !== 'linux') {
    return {
      setStartAtLogin: (enabled) => deps.setLoginItemSettings(loginItemSettings(platform, launch, enabled)),
    };
  }
  const file = autostartPath(deps.env);
  return {
    setStartAtLogin(enabled) {
      if (!enabled) {
        rmSync(file, { force: true });
        return;
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, autostartEntry(launch));
    },
  };
}
