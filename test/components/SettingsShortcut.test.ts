/**
 * Settings: the dial shortcut (typed, or recorded by pressing the keys; what the desktop made of it) and
 * "keep running in the tray", saved with the other settings.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { SettingsSaveArgs, SettingsView as View } from '../../src-main/shared/contract';
import { recordKeyPress } from '../../src-renderer/lib/shortcutKeys';
import SettingsView from '../../src-renderer/views/SettingsView.svelte';
import { settingsView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';

const view: View = settingsView(
  { dialShortcut: 'CommandOrControl+Alt+D' },
  {
    dialShortcut: {
      accelerator: 'CommandOrControl+Alt+D',
      state: 'taken',
      message:
        'Ctrl+Alt+D is taken by another application, so it does nothing in Ringside. Choose another shortcut.',
    },
  },
);

function open(save: (args: SettingsSaveArgs) => ReturnType<typeof ok> | { ok: true; value: unknown }) {
  const saved: SettingsSaveArgs[] = [];
  installFakeRingside({
    'settings:get': () => ok(view),
    'settings:save': (args) => {
      saved.push(args);
      return save(args) as never;
    },
  });
  render(SettingsView);
  return saved;
}

describe('the dial shortcut in Settings', () => {
  it('says when another application holds the saved shortcut', async () => {
    open(() => ok({ saved: true, view }));
    const field = await screen.findByLabelText('Dial shortcut');
    expect(field).toHaveValue('CommandOrControl+Alt+D');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('is taken by another application'));
  });

  it('records the keys pressed, and saves them with "keep running in the tray" as chosen', async () => {
    const saved = open(() => ok({ saved: true, view }));
    const field = await screen.findByLabelText('Dial shortcut');
    const record = screen.getByRole('button', { name: 'Record shortcut: Dial shortcut' });

    await fireEvent.click(record);
    expect(record).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Press the shortcut: hold Ctrl, Alt or Super/)).toBeInTheDocument();
    await fireEvent.keyDown(record, { key: 'Control', code: 'ControlLeft', ctrlKey: true });
    await fireEvent.keyDown(record, { key: 'k', code: 'KeyK', ctrlKey: true, shiftKey: true });
    expect(field).toHaveValue('CommandOrControl+Shift+K');
    expect(record).toHaveAttribute('aria-pressed', 'false');
    // The notice was about the saved shortcut, not this one.
    expect(screen.queryByText(/is taken by another application/)).not.toBeInTheDocument();

    await fireEvent.click(
      screen.getByLabelText('Keep Ringside running in the tray when its window is closed'),
    );
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.settings).toMatchObject({
      dialShortcut: 'CommandOrControl+Shift+K',
      keepRunningInTray: false,
    });
  });

  it('Esc stops recording and keeps the shortcut', async () => {
    open(() => ok({ saved: true, view }));
    const field = await screen.findByLabelText('Dial shortcut');
    const record = screen.getByRole('button', { name: 'Record shortcut: Dial shortcut' });
    await fireEvent.click(record);
    await fireEvent.keyDown(record, { key: 'Escape', code: 'Escape' });
    expect(record).toHaveAttribute('aria-pressed', 'false');
    expect(field).toHaveValue('CommandOrControl+Alt+D');
  });

  it("shows main's refusal beside the field", async () => {
    open(() => ok({ saved: false, errors: { dialShortcut: '"Nope" is not a key Electron knows.' } }));
    const field = await screen.findByLabelText('Dial shortcut');
    await fireEvent.input(field, { target: { value: 'Ctrl+Nope' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('"Nope" is not a key Electron knows.'));
  });
});

describe('recordKeyPress', () => {
  const press = (code: string, key: string, modifiers: Partial<KeyboardEvent> = {}) => ({
    code,
    key,
    ctrlKey: false,
    altKey: false,
    shiftKey: false,
    metaKey: false,
    ...modifiers,
  });

  it('writes Ctrl as CommandOrControl, and Cmd so on macOS', () => {
    expect(recordKeyPress(press('KeyD', 'd', { ctrlKey: true, altKey: true }), false)).toEqual({
      kind: 'recorded',
      accelerator: 'CommandOrControl+Alt+D',
    });
    expect(recordKeyPress(press('KeyD', '∂', { metaKey: true, altKey: true }), true)).toEqual({
      kind: 'recorded',
      accelerator: 'CommandOrControl+Alt+D',
    });
    expect(recordKeyPress(press('Digit1', '!', { metaKey: true, shiftKey: true }), false)).toEqual({
      kind: 'recorded',
      accelerator: 'Super+Shift+1',
    });
  });

  it('reads the key by its position, so the layout does not change the letter', () => {
    // A German keyboard: the key right of T types "z" and is KeyY.
    expect(recordKeyPress(press('KeyY', 'z', { ctrlKey: true, altKey: true }), false)).toMatchObject({
      accelerator: 'CommandOrControl+Alt+Y',
    });
    expect(recordKeyPress(press('Numpad5', '5', { altKey: true }), false)).toMatchObject({
      accelerator: 'Alt+num5',
    });
    expect(recordKeyPress(press('F13', 'F13'), false)).toMatchObject({ accelerator: 'F13' });
  });

  it('waits through modifiers and keys a shortcut cannot use; Esc cancels, Tab leaves', () => {
    expect(recordKeyPress(press('AltLeft', 'Alt', { altKey: true }), false)).toEqual({ kind: 'waiting' });
    expect(recordKeyPress(press('IntlBackslash', '<', { ctrlKey: true }), false)).toEqual({
      kind: 'waiting',
    });
    expect(recordKeyPress(press('Escape', 'Escape'), false)).toEqual({ kind: 'cancel' });
    expect(recordKeyPress(press('Tab', 'Tab'), false)).toEqual({ kind: 'leave' });
    expect(recordKeyPress(press('Escape', 'Escape', { ctrlKey: true }), false)).toMatchObject({
      accelerator: 'CommandOrControl+Escape',
    });
  });
});
