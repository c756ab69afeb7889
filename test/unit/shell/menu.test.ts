import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { Menu } from './fakeElectron';
import { applicationMenuTemplate, installApplicationMenu } from '../../../src-main/shell/menu';

vi.mock('electron', () => import('./fakeElectron'));

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}
const roles = (template: MenuItemConstructorOptions[]) => items(template).map((item) => item.role);
const menuNamed = (template: MenuItemConstructorOptions[], label: string) =>
  template.find((item) => item.label === label) as { submenu: MenuItemConstructorOptions[] };

const base = { appName: 'Ringside', platform: 'linux' as const, isDev: false, onAbout: () => {} };

describe('application menu', () => {
  it('has the standard edit roles, so copy and paste work in every field', () => {
    const edit = menuNamed(applicationMenuTemplate(base), '&Edit');
    expect(edit.submenu.map((item) => item.role).filter(Boolean)).toEqual(
      expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']),
    );
  });

  it('offers reload and DevTools only in development', () => {
    expect(roles(applicationMenuTemplate(base))).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/reload|forceReload|toggleDevTools/)]),
    );
    expect(roles(applicationMenuTemplate({ ...base, isDev: true }))).toEqual(
      expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']),
    );
  });

  it('quits from File on Windows and Linux, and from the app menu on macOS', () => {
    expect(menuNamed(applicationMenuTemplate(base), '&File').submenu).toEqual([{ role: 'quit' }]);
    const mac = applicationMenuTemplate({ ...base, platform: 'darwin' });
    expect(menuNamed(mac, 'Ringside').submenu).toContainEqual({ role: 'quit' });
  });

  it.each(['linux', 'win32', 'darwin'] as const)(
    'has an About item on %s that asks for the About panel',
    (platform) => {
      const onAbout = vi.fn();
      const about = items(applicationMenuTemplate({ ...base, platform, onAbout })).filter(
        (item) => item.label === 'About Ringside',
      );
      expect(about).toHaveLength(1);
      (about[0]!.click as () => void)();
      expect(onAbout).toHaveBeenCalledOnce();
    },
  );

  it('is installed as the application menu', () => {
    installApplicationMenu(base);
    const built = Menu.buildFromTemplate.mock.results[0]?.value as { template: MenuItemConstructorOptions[] };
    expect(built.template.map((item) => item.label ?? item.role)).toEqual(
      applicationMenuTemplate(base).map((item) => item.label ?? item.role),
    );
    expect(Menu.setApplicationMenu).toHaveBeenCalledExactlyOnceWith(built);
  });
});
