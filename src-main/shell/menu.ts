/**
 * The application menu: the standard roles (so copy, paste and window shortcuts work everywhere), reload and
 * DevTools in development only, and Help → About, which asks the renderer to show its About panel.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';
import { t } from '../shared/i18n';

export interface ApplicationMenuInput {
  appName: string;
  platform: NodeJS.Platform;
  /** Development build: adds reload and DevTools to View. */
  isDev: boolean;
  onAbout: () => void;
}

export function applicationMenuTemplate(input: ApplicationMenuInput): MenuItemConstructorOptions[] {
  const isMac = input.platform === 'darwin';
  const about: MenuItemConstructorOptions = {
    label: t('tray.menuAbout', { app: input.appName }),
    click: () => input.onAbout(),
  };
  const macAppMenu: MenuItemConstructorOptions = {
    label: input.appName,
    submenu: [
      about,
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  const view: MenuItemConstructorOptions[] = [
    ...(input.isDev
      ? ([
          { role: 'reload' },
          { role: 'forceReload' },
          { role: 'toggleDevTools' },
          { type: 'separator' },
        ] as const)
      : []),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(isMac ? [macAppMenu] : []),
    { label: t('tray.menuFile'), submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: t('tray.menuEdit'),
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'pasteAndMatchStyle' },
        { role: 'delete' },
        { type: 'separator' },
        { role: 'selectAll' },
      ],
    },
    { label: t('tray.menuView'), submenu: view },
    { role: 'windowMenu' },
    { role: 'help', submenu: isMac ? [] : [about] },
  ];
}

export function installApplicationMenu(input: ApplicationMenuInput): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(input)));
}
