/**
 * "Record shortcut": the keys pressed, written as an Electron accelerator for the `dialShortcut` setting.
 * Keys are read by their position (`event.code`), as global shortcuts are, so a keyboard layout does not
 * change which letter is recorded. Main checks the result again when Settings are saved.
 */

/** The parts of a KeyboardEvent this reads. */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>;

export type RecordedKeys =
  /** Only modifiers so far: keep listening. */
  | { kind: 'waiting' }
  /** Esc alone: stop recording, keep the shortcut as it was. */
  | { kind: 'cancel' }
  /** Tab alone: stop recording and let the focus move on (the recorder never traps the keyboard). */
  | { kind: 'leave' }
  | { kind: 'recorded'; accelerator: string };

const MODIFIER_KEYS = new Set(['Control', 'Alt', 'AltGraph', 'Shift', 'Meta', 'OS', 'Super', 'Hyper']);

const NAMED_CODES: Record<string, string> = {
  Space: 'Space',
  Enter: 'Enter',
  NumpadEnter: 'Enter',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Escape: 'Escape',
  Tab: 'Tab',
  PrintScreen: 'PrintScreen',
  NumpadDecimal: 'numdec',
  NumpadAdd: 'numadd',
  NumpadSubtract: 'numsub',
  NumpadMultiply: 'nummult',
  NumpadDivide: 'numdiv',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Quote: "'",
  Backquote: '`',
  Comma: ',',
  Period: '.',
  Slash: '/',
};

/** The accelerator's key for a physical key, or undefined for keys a shortcut cannot use. */
export function acceleratorKey(code: string): string | undefined {
  const letterOrDigit = /^(?:Key([A-Z])|Digit(\d))$/.exec(code);
  if (letterOrDigit) return letterOrDigit[1] ?? letterOrDigit[2];
  if (/^F([1-9]|1\d|2[0-4])$/.test(code)) return code;
  const numpadDigit = /^Numpad(\d)$/.exec(code);
  if (numpadDigit) return `num${numpadDigit[1]}`;
  return NAMED_CODES[code];
}

/**
 * Reads one key press while recording. Ctrl is written `CommandOrControl` (Cmd on macOS, where Ctrl stays
 * `Control`), so a shortcut recorded on one system means the same keys on another.
 */
export function recordKeyPress(press: KeyPress, isMac: boolean): RecordedKeys {
  if (MODIFIER_KEYS.has(press.key)) return { kind: 'waiting' };
  const anyModifier = press.ctrlKey || press.altKey || press.shiftKey || press.metaKey;
  if (!anyModifier && press.key === 'Escape') return { kind: 'cancel' };
  if (!anyModifier && press.key === 'Tab') return { kind: 'leave' };
  const key = acceleratorKey(press.code);
  if (!key) return { kind: 'waiting' };
  const modifiers: string[] = [];
  if (isMac) {
    if (press.metaKey) modifiers.push('CommandOrControl');
    if (press.ctrlKey) modifiers.push('Control');
  } else {
    if (press.ctrlKey) modifiers.push('CommandOrControl');
    if (press.metaKey) modifiers.push('Super');
  }
  if (press.altKey) modifiers.push('Alt');
  if (press.shiftKey) modifiers.push('Shift');
  return { kind: 'recorded', accelerator: [...modifiers, key].join('+') };
}
