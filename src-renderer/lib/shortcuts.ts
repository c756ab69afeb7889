/**
 * Every keyboard shortcut Ringside has, in one list: the Keyboard shortcuts screen shows it, and the keys the
 * frame handles itself (`?`) are read from it. A component that adds a key handler adds its line here, so
 * the screen never leaves one out (test/components/ShortcutsView.test.ts checks the handlers it knows).
 */
import type { ShortcutSetting } from '../../src-main/shared/contract';
import type { MessageKey } from '../../src-main/shared/i18n';

/** A key as `KeyboardEvent.key` names it. */
export type KeyName =
  | '?'
  | 'Tab'
  | 'Enter'
  | 'Escape'
  | ' '
  | 'ArrowUp'
  | 'ArrowDown'
  | 'ArrowRight'
  | 'Home'
  | 'End'
  | 'PageUp'
  | 'PageDown';

/** Keys pressed together ("Shift" then "/" is written as the `?` it types). */
export type KeyCombo = readonly KeyName[];

export interface Shortcut {
  /** Any one of these does it; `global`: a shortcut for the whole desktop, as the agent set it in Settings. */
  keys: readonly KeyCombo[] | { global: ShortcutSetting };
  /** What it does, and where. */
  action: MessageKey;
}

export type ShortcutGroupId = 'navigation' | 'calls' | 'dialling' | 'lists' | 'dialogs';

export interface ShortcutGroup {
  id: ShortcutGroupId;
  title: MessageKey;
  shortcuts: readonly Shortcut[];
}

/** The screen listing them (lib/screens.ts), and the key that opens it from anywhere but a text field. */
export const SHORTCUTS_SCREEN_ID = 'shortcuts';
export const SHOW_SHORTCUTS_KEY: KeyName = '?';

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    id: 'navigation',
    title: 'shortcuts.groupNavigation',
    shortcuts: [
      { keys: [[SHOW_SHORTCUTS_KEY]], action: 'shortcuts.showShortcuts' },
      { keys: [['Tab']], action: 'shortcuts.skipLinks' },
      { keys: [['ArrowDown'], ['ArrowUp']], action: 'shortcuts.navigationNextPrevious' },
      { keys: [['Home'], ['End']], action: 'shortcuts.navigationFirstLast' },
    ],
  },
  {
    id: 'calls',
    title: 'shortcuts.groupCalls',
    shortcuts: [
      { keys: { global: 'answerShortcut' }, action: 'shortcuts.answerGlobal' },
      { keys: { global: 'hangUpShortcut' }, action: 'shortcuts.hangUpGlobal' },
      { keys: [['Escape']], action: 'shortcuts.dismissPopCard' },
      { keys: [['Escape']], action: 'shortcuts.leaveWrapUp' },
      { keys: [['Enter']], action: 'shortcuts.addCallData' },
    ],
  },
  {
    id: 'dialling',
    title: 'shortcuts.groupDialling',
    shortcuts: [
      { keys: { global: 'dialShortcut' }, action: 'shortcuts.dialSelection' },
      { keys: [['Enter']], action: 'shortcuts.dialTyped' },
      { keys: [['Enter']], action: 'shortcuts.dialFirstResult' },
      { keys: [['Enter']], action: 'shortcuts.dialResult' },
    ],
  },
  {
    id: 'lists',
    title: 'shortcuts.groupLists',
    shortcuts: [
      { keys: [['ArrowDown'], ['ArrowUp']], action: 'shortcuts.listNextPrevious' },
      { keys: [['Home'], ['End']], action: 'shortcuts.listFirstLast' },
      { keys: [['PageDown'], ['PageUp']], action: 'shortcuts.listPage' },
      { keys: [['ArrowDown']], action: 'shortcuts.searchToResults' },
      { keys: [[' '], ['ArrowRight']], action: 'shortcuts.openResult' },
      { keys: [['Escape']], action: 'shortcuts.clearSearch' },
    ],
  },
  {
    id: 'dialogs',
    title: 'shortcuts.groupDialogs',
    shortcuts: [
      { keys: [['Enter']], action: 'shortcuts.confirmDial' },
      { keys: [['Escape']], action: 'shortcuts.cancelDialog' },
      { keys: [['Escape']], action: 'shortcuts.stopRecording' },
    ],
  },
];

/**
 * Whether a key press asks for the shortcuts screen: `?` (Shift+/ on most layouts) with no other modifier,
 * pressed outside anything that takes typing (there it is just a question mark) and outside a dialog.
 */
export function opensShortcuts(event: KeyboardEvent): boolean {
  if (event.key !== SHOW_SHORTCUTS_KEY || event.ctrlKey || event.altKey || event.metaKey) return false;
  // A modal dialog (the dial confirmation) keeps the keyboard: nothing changes behind it.
  if (event.defaultPrevented || document.querySelector('dialog[open]')) return false;
  // The focus too: a list that sends typing to its search field (Directory) has moved it there by now.
  return !takesTyping(event.target) && !takesTyping(document.activeElement);
}

function takesTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  // Checkboxes, radios and buttons do not take text: `?` on them still opens the list.
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
}
