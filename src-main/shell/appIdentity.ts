/**
 * How the desktop knows Ringside: its application id (Windows' AppUserModelID, which notifications and the
 * taskbar depend on, and the macOS bundle id: electron-builder.config.ts uses the same constant) and the
 * icons it shows while running, made from resources/icon.svg by scripts/icons/generateIcons.mjs.
 */
import { join } from 'node:path';

export const APP_ID = 'com.ringside.desktop';

export interface AppIcons {
  /** The windows' icon; macOS shows the bundle's instead. */
  window: string | undefined;
  /** The tray icon: a monochrome template on macOS (the menu bar tints it), the colour mark elsewhere. */
  tray: string;
}

/** `resourcesDir` is the project's resources/ (packaged inside app.asar at the same place). */
export function appIcons(resourcesDir: string, platform: NodeJS.Platform): AppIcons {
  if (platform === 'darwin') return { window: undefined, tray: join(resourcesDir, 'trayTemplate.png') };
  return {
    window: join(resourcesDir, 'icon.png'),
    tray: join(resourcesDir, platform === 'win32' ? 'tray.ico' : 'tray.png'),
  };
}
