import { describe, expect, it, vi } from 'vitest';
import type { DialRequestOutcome } from '../../../src-main/calls';
import { CallsError } from '../../../src-main/calls';
import {
  DEFAULT_DIAL_SHORTCUT,
  describeAccelerator,
  dialFromShortcut,
  readShortcutText,
  registerDialShortcut,
} from '../../../src-main/shell/shortcut';
import { confirmOutcome } from '../../fixtures/calls';
import { spyLogger } from '../../support/spyLogger';

function clipboard(text: string, selection?: string | Error) {
  const source = (value: string | Error) => ({
    readText: vi.fn(async () => {
      if (value instanceof Error) throw value;
      return value;
    }),
  });
  return { ...source(text), selection: selection === undefined ? undefined : source(selection) };
}

describe('readShortcutText', () => {
  it('reads the primary selection on Linux, so selecting a number is enough', async () => {
    const board = clipboard('+420 111 111 111', '  +420 777 123 456\n');
    expect(await readShortcutText(board, 'linux')).toBe('+420 777 123 456');
    expect(board.readText).not.toHaveBeenCalled();
  });

  it('falls back to the clipboard when nothing is selected or the selection cannot be read', async () => {
    expect(await readShortcutText(clipboard(' 201 ', '   '), 'linux')).toBe('201');
    expect(await readShortcutText(clipboard('201', new Error('no X display')), 'linux')).toBe('201');
  });

  it('reads the clipboard on Windows and macOS, which have no selection to read', async () => {
    const board = clipboard('0777 123 456', 'ignored');
    expect(await readShortcutText(board, 'win32')).toBe('0777 123 456');
    expect(await readShortcutText(board, 'darwin')).toBe('0777 123 456');
    expect(board.selection?.readText).not.toHaveBeenCalled();
  });

  it('reads nothing from a clipboard that refuses to be read', async () => {
    expect(await readShortcutText(clipboard('', new Error('locked')), 'linux')).toBe('');
    const locked = { readText: async () => Promise.reject(new Error('locked')) };
    expect(await readShortcutText(locked, 'win32')).toBe('');
  });
});

function fakeGlobalShortcut(result: boolean | Error = true) {
  const registered = new Map<string, () => void>();
  return {
    registered,
    register: vi.fn((accelerator: string, callback: () => void) => {
      if (result instanceof Error) throw result;
      if (result) registered.set(accelerator, callback);
      return result;
    }),
    unregister: vi.fn((accelerator: string) => registered.delete(accelerator)),
  };
}

describe('registerDialShortcut', () => {
  it('registers Ctrl+Alt+D by default and runs the dial on each press', () => {
    const shortcuts = fakeGlobalShortcut();
    const onPressed = vi.fn();
    const registration = registerDialShortcut(shortcuts, DEFAULT_DIAL_SHORTCUT, onPressed, spyLogger());
    expect(registration.registered).toBe(true);
    expect(shortcuts.register).toHaveBeenCalledWith('CommandOrControl+Alt+D', onPressed);
    shortcuts.registered.get('CommandOrControl+Alt+D')!();
    expect(onPressed).toHaveBeenCalledOnce();

    registration.unregister();
    expect(shortcuts.unregister).toHaveBeenCalledExactlyOnceWith('CommandOrControl+Alt+D');
    registration.unregister();
    expect(shortcuts.unregister).toHaveBeenCalledOnce();
  });

  it('logs a shortcut held by another application and carries on without it', () => {
    const shortcuts = fakeGlobalShortcut(false);
    const logger = spyLogger();
    const registration = registerDialShortcut(shortcuts, DEFAULT_DIAL_SHORTCUT, vi.fn(), logger);
    expect(registration.registered).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith(
      'the dial shortcut CommandOrControl+Alt+D is taken by another application',
    );
    registration.unregister();
    expect(shortcuts.unregister).not.toHaveBeenCalled();
  });

  it('survives an accelerator Electron cannot parse', () => {
    const logger = spyLogger();
    const registration = registerDialShortcut(
      fakeGlobalShortcut(new Error('bad accelerator')),
      'Ctrl+Nope',
      vi.fn(),
      logger,
    );
    expect(registration.registered).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith(
      'the dial shortcut Ctrl+Nope is not a valid accelerator',
      expect.any(Error),
    );
  });

  it('names the shortcut the way each platform writes it', () => {
    expect(describeAccelerator(DEFAULT_DIAL_SHORTCUT, 'linux')).toBe('Ctrl+Alt+D');
    expect(describeAccelerator(DEFAULT_DIAL_SHORTCUT, 'darwin')).toBe('Cmd+Option+D');
  });
});

const confirm = confirmOutcome('shortcut', '201');

function dialer(text: string, outcome: () => Promise<DialRequestOutcome>) {
  const deps = {
    readText: async () => text,
    requestDial: vi.fn((_text: string, _source: 'shortcut') => outcome()),
    problem: vi.fn(),
    shortcutName: 'Ctrl+Alt+D',
  };
  return { deps, run: () => dialFromShortcut(deps) };
}

describe('dialFromShortcut', () => {
  it('hands the selected text to the dial path as untrusted shortcut text', async () => {
    const { deps, run } = dialer('+420 777 123 456', async () => confirm);
    await run();
    expect(deps.requestDial).toHaveBeenCalledExactlyOnceWith('+420 777 123 456', 'shortcut');
    expect(deps.problem).not.toHaveBeenCalled();
  });

  it('says what to do when nothing is selected or copied', async () => {
    const { deps, run } = dialer('', async () => confirm);
    await run();
    expect(deps.requestDial).not.toHaveBeenCalled();
    expect(deps.problem).toHaveBeenCalledWith(
      'Nothing to dial',
      'Select or copy a phone number, then press Ctrl+Alt+D.',
    );
  });

  it('refuses a whole selected paragraph without reading it as a number', async () => {
    const { deps, run } = dialer('Call me on 777 123 456 '.repeat(20), async () => confirm);
    await run();
    expect(deps.requestDial).not.toHaveBeenCalled();
    expect(deps.problem).toHaveBeenCalledWith(
      'Ringside did not dial',
      'The selected text is too long to be a phone number.',
    );
  });

  it('passes on the dial path’s refusal and errors', async () => {
    const refused = dialer('hello', async () => ({
      status: 'refused',
      reason: '"hello" is not a phone number.',
    }));
    await refused.run();
    expect(refused.deps.problem).toHaveBeenCalledWith(
      'Ringside did not dial',
      '"hello" is not a phone number.',
    );

    const failed = dialer('201', async () => {
      throw CallsError.noPhone();
    });
    await failed.run();
    expect(failed.deps.problem).toHaveBeenCalledWith(
      'Ringside could not dial',
      'Ringside does not know your phone yet. Choose it in Settings, then try again.',
    );
  });
});
