/**
 * The dial shortcut follows the `dialShortcut` setting: installed with the default, registered again (the
 * old one released) when Settings save another, released when emptied, and a shortcut another application
 * holds is said in Settings (`SettingsView.dialShortcut`, also by `settings:changed`), not only logged.
 * Electron is mocked; AppCore and its settings are real.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import type { SettingsView } from '../../../src-main/shared/contract';
import type { CallSurfaces } from '../../../src-main/shell/callSurfaces';
import { spyLogger } from '../../support/spyLogger';
import { globalShortcut, heldElsewhere, pressed, resetSurfacesElectron } from './surfacesElectron';
import { installSurfacesWithCore } from './surfacesHarness';

vi.mock('electron', () => import('./surfacesElectron'));

let core: AppCore;
let surfaces: CallSurfaces;
let logger: ReturnType<typeof spyLogger>;
let changes: SettingsView[];

beforeEach(() => {
  resetSurfacesElectron();
  logger = spyLogger();
  ({ core, surfaces } = installSurfacesWithCore(logger));
  changes = [];
  core.subscribe((channel, payload) => {
    if (channel === 'settings:changed') changes.push(payload as SettingsView);
  });
});

afterEach(async () => {
  surfaces.uninstall();
  await core.dispose();
});

async function saveShortcut(dialShortcut: string) {
  const { settings } = await core.commands['settings:get']();
  return core.commands['settings:save']({ settings: { ...settings, dialShortcut } });
}

describe('the dial shortcut in Settings', () => {
  it('registers the default and says it works', async () => {
    expect([...pressed.keys()]).toEqual(['CommandOrControl+Alt+D']);
    expect((await core.commands['settings:get']()).dialShortcut).toEqual({
      accelerator: 'CommandOrControl+Alt+D',
      state: 'registered',
      message: 'Press Ctrl+Alt+D in any application to dial the selected or copied number.',
    });
  });

  it('registers a new shortcut when the setting changes, releasing the old one', async () => {
    const result = await saveShortcut('ctrl + shift + f7');

    expect(result).toMatchObject({ saved: true, view: { settings: { dialShortcut: 'Ctrl+Shift+F7' } } });
    expect(globalShortcut.unregister).toHaveBeenCalledExactlyOnceWith('CommandOrControl+Alt+D');
    expect([...pressed.keys()]).toEqual(['Ctrl+Shift+F7']);
    expect(result.saved && result.view.dialShortcut).toMatchObject({
      accelerator: 'Ctrl+Shift+F7',
      state: 'registered',
    });

    // A press uses the new shortcut's name in what it says (nothing is selected or copied here).
    pressed.get('Ctrl+Shift+F7')!();
    await vi.waitFor(() =>
      expect(logger.info).toHaveBeenCalledWith(
        'notice: Nothing to dial: Select or copy a phone number, then press Ctrl+Shift+F7.',
      ),
    );
  });

  it('keeps a registered shortcut as it is when other settings are saved', async () => {
    const { settings } = await core.commands['settings:get']();
    await core.commands['settings:save']({ settings: { ...settings, pollIntervalMs: 2000 } });
    expect(globalShortcut.register).toHaveBeenCalledOnce();
    expect(globalShortcut.unregister).not.toHaveBeenCalled();
  });

  it('says in Settings when another application holds the shortcut, and tries again on the next save', async () => {
    heldElsewhere.add('Alt+F9');
    const result = await saveShortcut('Alt+F9');

    const taken = {
      accelerator: 'Alt+F9',
      state: 'taken',
      message:
        'Alt+F9 is taken by another application, so it does nothing in Ringside. Choose another shortcut.',
    };
    expect(result.saved && result.view.dialShortcut).toEqual(taken);
    await vi.waitFor(() => expect(changes.at(-1)?.dialShortcut).toEqual(taken));
    expect(pressed.size).toBe(0);

    heldElsewhere.clear();
    await saveShortcut('Alt+F9');
    expect((await core.commands['settings:get']()).dialShortcut?.state).toBe('registered');
    expect([...pressed.keys()]).toEqual(['Alt+F9']);
  });

  it('turns the shortcut off when the setting is emptied', async () => {
    await saveShortcut('');
    expect(pressed.size).toBe(0);
    expect((await core.commands['settings:get']()).dialShortcut).toMatchObject({
      state: 'off',
      accelerator: '',
    });
  });

  it('refuses an accelerator Electron would not understand, beside the field, and keeps the shortcut', async () => {
    const result = await saveShortcut('Ctrl+Nope');
    expect(result).toEqual({
      saved: false,
      errors: { dialShortcut: expect.stringContaining('"Nope" is not a key Electron knows') },
    });
    expect([...pressed.keys()]).toEqual(['CommandOrControl+Alt+D']);
  });

  it('releases the shortcut when the surfaces are uninstalled', () => {
    surfaces.uninstall();
    expect(pressed.size).toBe(0);
  });
});
