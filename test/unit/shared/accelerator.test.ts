import { describe, expect, it } from 'vitest';
import { checkAccelerator, DEFAULT_DIAL_SHORTCUT } from '../../../src-main/shared/accelerator';

const accepted = (text: string) => {
  const result = checkAccelerator(text);
  if (!result.ok) throw new Error(`"${text}" was refused: ${result.reason}`);
  return result.accelerator;
};

const reasonFor = (text: string) => {
  const result = checkAccelerator(text);
  if (result.ok) throw new Error(`"${text}" was accepted as ${result.accelerator}`);
  return result.reason;
};

describe('checkAccelerator', () => {
  it.each([
    [DEFAULT_DIAL_SHORTCUT, 'CommandOrControl+Alt+D'],
    ['ctrl+alt+d', 'Ctrl+Alt+D'],
    [' Ctrl + Shift + 5 ', 'Ctrl+Shift+5'],
    ['CmdOrCtrl+Shift+Plus', 'CmdOrCtrl+Shift+Plus'],
    ['Super+F9', 'Super+F9'],
    ['Alt+space', 'Alt+Space'],
    ['Control+Option+PageDown', 'Control+Option+PageDown'],
    ['Ctrl+Alt+num5', 'Ctrl+Alt+num5'],
    ['Ctrl+Alt+NumAdd', 'Ctrl+Alt+numadd'],
    ['Ctrl+/', 'Ctrl+/'],
    ['AltGr+Meta+MediaPlayPause', 'AltGr+Meta+MediaPlayPause'],
    ['F13', 'F13'],
    ['Shift+F24', 'Shift+F24'],
  ])('accepts %s, written as %s', (text, expected) => {
    expect(accepted(text)).toBe(expected);
  });

  it('reads empty text as "no shortcut"', () => {
    expect(accepted('')).toBe('');
    expect(accepted('   ')).toBe('');
  });

  it.each([
    ['Ctrl+Alt+', /single "\+" signs/],
    ['Ctrl++', /the \+ key itself is "Plus"/],
    ['+D', /single "\+" signs/],
    ['Ctrl+Alt', /Add the key to press/],
    ['Ctrl+Hyper+D', /"Hyper" is not a modifier/],
    ['Ctrl+A+B', /"A" is a second key/],
    ['Ctrl+Control+D', /"Control" is in the shortcut twice/],
    ['Alt+Option+D', /"Option" is in the shortcut twice/],
    ['Ctrl+Alt+Ä', /"Ä" is not a key Electron knows/],
    ['Ctrl+F25', /"F25" is not a key/],
    ['Ctrl+Alt+num10', /"num10" is not a key/],
    ['D', /without one, the shortcut would take the key away/],
    ['Shift+D', /without one/],
    ['Ctrl+Alt+D; rm -rf /', /is not a key/],
  ])('refuses %s and says why', (text, reason) => {
    expect(reasonFor(text)).toMatch(reason);
  });

  it('refuses text far longer than any shortcut', () => {
    expect(reasonFor(`Ctrl+${'A'.repeat(80)}`)).toBe('This is too long for a shortcut.');
  });
});
