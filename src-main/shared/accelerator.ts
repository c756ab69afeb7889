/**
 * Electron's accelerator grammar, for the global dial shortcut in Settings: modifiers and exactly one key,
 * joined by `+` (case-insensitive, as Electron reads them). Checked here, beside its field, because
 * `globalShortcut.register` only says "no" (or throws) without saying why. The result is written in
 * Electron's own spelling (`ctrl + alt + d` → `Ctrl+Alt+D`), so what Settings shows is what is registered.
 */
import { t } from './i18n';

/** Ctrl+Alt+D on Windows and Linux, Cmd+Option+D on macOS. */
export const DEFAULT_DIAL_SHORTCUT = 'CommandOrControl+Alt+D';

/** Longer text is no accelerator. */
export const MAX_ACCELERATOR_LENGTH = 64;

const MODIFIERS = [
  'Command',
  'Cmd',
  'Control',
  'Ctrl',
  'CommandOrControl',
  'CmdOrCtrl',
  'Alt',
  'Option',
  'AltGr',
  'Shift',
  'Super',
  'Meta',
] as const;
type Modifier = (typeof MODIFIERS)[number];

/** Which physical key each modifier name means, so `Ctrl+Control+D` is refused as a repeat. */
const MODIFIER_KEY: Record<Modifier, string> = {
  Command: 'command',
  Cmd: 'command',
  Control: 'control',
  Ctrl: 'control',
  CommandOrControl: 'command-or-control',
  CmdOrCtrl: 'command-or-control',
  Alt: 'alt',
  Option: 'alt',
  AltGr: 'altgr',
  Shift: 'shift',
  Super: 'super',
  Meta: 'super',
};

const NAMED_KEYS = [
  'Plus',
  'Space',
  'Tab',
  'Capslock',
  'Numlock',
  'Scrolllock',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Enter',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'Esc',
  'VolumeUp',
  'VolumeDown',
  'VolumeMute',
  'MediaNextTrack',
  'MediaPreviousTrack',
  'MediaStop',
  'MediaPlayPause',
  'PrintScreen',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv',
  ...Array.from({ length: 10 }, (_, digit) => `num${digit}`),
  ...Array.from({ length: 24 }, (_, index) => `F${index + 1}`),
];

/** The punctuation Electron accepts as a key (`+` is the separator: it is written `Plus`). */
const PUNCTUATION = new Set(')!@#$%^&*(:;=<,_->.?/~`{][|\\}"\''.split(''));

const byLowerCase = <T extends string>(names: readonly T[]) =>
  new Map(names.map((name) => [name.toLowerCase(), name]));
const MODIFIER_NAMES = byLowerCase(MODIFIERS);
const KEY_NAMES = byLowerCase(NAMED_KEYS);

export type AcceleratorCheck = { ok: true; accelerator: string } | { ok: false; reason: string };

function keyName(token: string): string | undefined {
  if (/^[a-z0-9]$/i.test(token)) return token.toUpperCase();
  if (PUNCTUATION.has(token)) return token;
  return KEY_NAMES.get(token.toLowerCase());
}

const isFunctionKey = (key: string) => /^F\d{1,2}$/.test(key);

/**
 * Checks a global shortcut as typed. Empty (or only spaces) is "no shortcut" and passes as ''. A key
 * without a modifier, or with Shift alone, is refused unless it is a function key: it would take that
 * key away from typing in every other application.
 */
export function checkAccelerator(text: string): AcceleratorCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, accelerator: '' };
  if (trimmed.length > MAX_ACCELERATOR_LENGTH) return { ok: false, reason: t('validation.shortcutTooLong') };
  const tokens = trimmed.split('+').map((token) => token.trim());
  if (tokens.some((token) => token === '')) {
    return { ok: false, reason: t('validation.shortcutJoin') };
  }
  const modifiers: Modifier[] = [];
  const seen = new Set<string>();
  for (const token of tokens.slice(0, -1)) {
    const modifier = MODIFIER_NAMES.get(token.toLowerCase());
    if (!modifier) {
      const asKey = keyName(token);
      return {
        ok: false,
        reason: asKey
          ? t('validation.shortcutSecondKey', { token })
          : t('validation.shortcutNotModifier', { token }),
      };
    }
    const physical = MODIFIER_KEY[modifier];
    if (seen.has(physical)) return { ok: false, reason: t('validation.shortcutTwice', { token }) };
    seen.add(physical);
    modifiers.push(modifier);
  }
  const last = tokens.at(-1)!;
  if (MODIFIER_NAMES.has(last.toLowerCase())) {
    return { ok: false, reason: t('validation.shortcutNoKey') };
  }
  const key = keyName(last);
  if (!key) {
    return { ok: false, reason: t('validation.shortcutUnknownKey', { token: last }) };
  }
  const onlyShift = modifiers.every((modifier) => MODIFIER_KEY[modifier] === 'shift');
  if (onlyShift && !isFunctionKey(key)) {
    return { ok: false, reason: t('validation.shortcutOnlyShift') };
  }
  return { ok: true, accelerator: [...modifiers, key].join('+') };
}

/**
 * What a checked accelerator presses on this platform, whatever its spelling: `CmdOrCtrl+Alt+D`,
 * `Alt+CommandOrControl+D` and (off macOS) `Ctrl+Alt+D` are the same keys. For telling two shortcuts apart.
 */
export function acceleratorKeys(accelerator: string, platform: string): string {
  const tokens = accelerator.split('+');
  const key = tokens.pop()?.toLowerCase() ?? '';
  const modifiers = tokens.map((token) => {
    const physical =
      MODIFIER_KEY[MODIFIER_NAMES.get(token.toLowerCase()) ?? ('' as Modifier)] ?? token.toLowerCase();
    if (physical !== 'command-or-control') return physical;
    return platform === 'darwin' ? 'command' : 'control';
  });
  return [...new Set(modifiers)].sort().concat(key).join('+');
}
