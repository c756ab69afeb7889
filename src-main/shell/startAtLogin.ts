/**
 * "Start at login": Electron's login item on macOS and Windows; on Linux, where Electron has none, an XDG
 * autostart entry (~/.config/autostart/ringside.desktop), which GNOME, KDE, Xfce and others honour.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LoginItem } from '../app/settings/settingsService';

export interface LoginItemDeps {
  platform: NodeJS.Platform;
  /** Electron's `app.setLoginItemSettings`. */
  setLoginItemSettings(settings: { openAtLogin: boolean }): void;
  /** What starts Ringside: the AppImage (`$APPIMAGE`) when it runs from one, else the executable. */
  executable: string;
  env: NodeJS.ProcessEnv;
}

/** Quotes an Exec argument as the Desktop Entry Specification asks. */
function execArgument(path: string): string {
  return `"${path.replace(/(["`$\\])/g, '\\$1')}"`;
}

export function autostartEntry(executable: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Ringside',
    'Comment=Softphone companion for contact-center agents',
    `Exec=${execArgument(executable)}`,
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export function autostartPath(env: NodeJS.ProcessEnv): string {
  return join(env['XDG_CONFIG_HOME'] || join(homedir(), '.config'), 'autostart', 'ringside.desktop');
}

export function createLoginItem(deps: LoginItemDeps): LoginItem {
  if (deps.platform !== 'linux') {
    return { setStartAtLogin: (enabled) => deps.setLoginItemSettings({ openAtLogin: enabled }) };
  }
  const file = autostartPath(deps.env);
  return {
    setStartAtLogin(enabled) {
      if (!enabled) {
        rmSync(file, { force: true });
        return;
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, autostartEntry(deps.executable));
    },
  };
}
