/**
 * The global dial shortcut (setting `dialShortcut`, default Ctrl+Alt+D, ⌘⌥D on macOS; registered again
 * whenever the setting changes, and its outcome shown in Settings): dials the selected text on Linux (the
 * primary selection, so selecting is enough), the clipboard elsewhere and when nothing is selected. The
 * text is untrusted like a link, so it goes through `requestDial`, which asks before dialling.
 */
import type { DialRequestOutcome } from '../calls';
import type { DialShortcutStatus, ShortcutSetting } from '../shared/contract';
import { onLocaleChange, t, type MessageKey } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import { errorMessage } from '../shared/contract';

export { DEFAULT_DIAL_SHORTCUT } from '../shared/accelerator';

/** Longer text is no phone number; it is refused without being read any further. */
const MAX_SHORTCUT_TEXT = 256;

/** The part of Electron's clipboard the shortcut reads; `selection` exists on Linux only. */
export interface ClipboardLike {
  readText(): Promise<string>;
  readonly selection?: { readText(): Promise<string> } | undefined;
}

/** The part of Electron's globalShortcut this module uses. */
export interface GlobalShortcutLike {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

async function readOrEmpty(source: { readText(): Promise<string> } | undefined): Promise<string> {
  if (!source) return '';
  try {
    return (await source.readText()).trim();
  } catch {
    // A clipboard that cannot be read (another app holds it, no display) holds nothing to dial.
    return '';
  }
}

/** The selection on Linux when there is one, else the clipboard; trimmed. */
export async function readShortcutText(clipboard: ClipboardLike, platform: NodeJS.Platform): Promise<string> {
  const selection = platform === 'linux' ? await readOrEmpty(clipboard.selection) : '';
  return selection || readOrEmpty(clipboard);
}

/** "Ctrl+Alt+D" on Linux and Windows, "⌘⌥D"-style words on macOS: how the notices name the shortcut. */
export function describeAccelerator(accelerator: string, platform: NodeJS.Platform): string {
  const mac = platform === 'darwin';
  return accelerator
    .split('+')
    .map((key) => {
      if (key === 'CommandOrControl' || key === 'CmdOrCtrl') return mac ? 'Cmd' : 'Ctrl';
      if (key === 'Alt' || key === 'Option') return mac ? 'Option' : 'Alt';
      return key;
    })
    .join('+');
}

export interface CopiedTextDialerDeps {
  readText(): Promise<string>;
  requestDial(text: string, source: 'shortcut'): Promise<DialRequestOutcome>;
  problem(title: string, body: string): void;
  /** What to do when nothing was selected: "Select or copy a phone number, then press Ctrl+Alt+D." */
  emptyHint: string;
}

export interface ShortcutDialerDeps extends Omit<CopiedTextDialerDeps, 'emptyHint'> {
  /** For the notices, e.g. "Ctrl+Alt+D". */
  shortcutName: string;
}

/** What pressing the shortcut does; resolves once the request was handed on or refused. */
export function dialFromShortcut({ shortcutName, ...deps }: ShortcutDialerDeps): Promise<void> {
  return dialCopiedText({ ...deps, emptyHint: t('tray.nothingToDialShortcut', { shortcut: shortcutName }) });
}

/**
 * Dials text the agent selected or copied (the shortcut; the tray's "Dial the copied number" on Linux):
 * untrusted like a link, so through `requestDial`; says why nothing was dialled.
 */
export async function dialCopiedText(deps: CopiedTextDialerDeps): Promise<void> {
  const text = (await deps.readText()).trim();
  if (!text) {
    deps.problem(t('tray.nothingToDial'), deps.emptyHint);
    return;
  }
  if (text.length > MAX_SHORTCUT_TEXT) {
    deps.problem(t('tray.didNotDial'), t('tray.selectionTooLong'));
    return;
  }
  try {
    const outcome = await deps.requestDial(text, 'shortcut');
    if (outcome.status === 'refused') deps.problem(t('tray.didNotDial'), outcome.reason);
  } catch (error) {
    deps.problem(t('tray.dialFailed'), errorMessage(error));
  }
}

export interface DialShortcutRegistration {
  /** False when another application holds the shortcut, or it is off or refused. */
  registered: boolean;
  status: DialShortcutStatus;
  unregister(): void;
}

/** How the log names each shortcut. */
const LOG_NAMES: Record<ShortcutSetting, string> = {
  dialShortcut: 'dial shortcut',
  answerShortcut: 'answer shortcut',
  hangUpShortcut: 'hang-up shortcut',
};

/** What each shortcut's status says; only what it does when it works, and that it is off, differ. */
const STATUS_MESSAGES: Record<ShortcutSetting, Record<DialShortcutStatus['state'], MessageKey>> = {
  dialShortcut: {
    registered: 'tray.shortcutRegistered',
    off: 'tray.shortcutOff',
    taken: 'tray.shortcutTaken',
    refused: 'tray.shortcutRefused',
  },
  answerShortcut: {
    registered: 'actions.answerShortcutRegistered',
    off: 'actions.answerShortcutOff',
    taken: 'tray.shortcutTaken',
    refused: 'tray.shortcutRefused',
  },
  hangUpShortcut: {
    registered: 'actions.hangUpShortcutRegistered',
    off: 'actions.hangUpShortcutOff',
    taken: 'tray.shortcutTaken',
    refused: 'tray.shortcutRefused',
  },
};

/** What Settings says about a shortcut, worded for people: "Ctrl+Alt+D", not the accelerator. */
export function dialShortcutStatus(
  accelerator: string,
  state: DialShortcutStatus['state'],
  platform: NodeJS.Platform,
  setting: ShortcutSetting = 'dialShortcut',
): DialShortcutStatus {
  const name = describeAccelerator(accelerator, platform);
  return { accelerator, state, message: t(STATUS_MESSAGES[setting][state], { shortcut: name }) };
}

export function registerDialShortcut(
  globalShortcut: GlobalShortcutLike,
  accelerator: string,
  onPressed: () => void,
  logger: Logger,
  platform: NodeJS.Platform = process.platform,
  setting: ShortcutSetting = 'dialShortcut',
): DialShortcutRegistration {
  let state: DialShortcutStatus['state'] = 'off';
  if (accelerator !== '') {
    try {
      state = globalShortcut.register(accelerator, onPressed) ? 'registered' : 'taken';
      if (state === 'taken') {
        logger.warn(`the ${LOG_NAMES[setting]} ${accelerator} is taken by another application`);
      }
    } catch (error) {
      // Settings check the grammar, but the OS may still refuse a key (e.g. one it reserves).
      state = 'refused';
      logger.warn(`the ${LOG_NAMES[setting]} ${accelerator} is not a valid accelerator`, error);
    }
  }
  const registration: DialShortcutRegistration = {
    registered: state === 'registered',
    status: dialShortcutStatus(accelerator, state, platform, setting),
    unregister: () => {
      if (registration.registered) globalShortcut.unregister(accelerator);
      registration.registered = false;
    },
  };
  return registration;
}

export interface DialShortcutDeps {
  globalShortcut: GlobalShortcutLike;
  /** What a press does. */
  onPressed(accelerator: string): void;
  /** Every outcome of a registration, for Settings. */
  report(status: DialShortcutStatus): void;
  logger: Logger;
  platform: NodeJS.Platform;
  /** Which shortcut this is (the dial shortcut when absent): what its status says. */
  setting?: ShortcutSetting;
}

/** A global shortcut as the settings name it: `apply` again whenever they change. */
export class DialShortcut {
  private current: DialShortcutRegistration | undefined;
  private readonly stopWording: () => void;

  constructor(private readonly deps: DialShortcutDeps) {
    // Settings keeps showing the last status: a language switch words it again.
    this.stopWording = onLocaleChange(() => {
      const current = this.current;
      if (!current) return;
      const { accelerator, state } = current.status;
      current.status = dialShortcutStatus(accelerator, state, deps.platform, deps.setting);
      deps.report(current.status);
    });
  }

  /**
   * Registers `accelerator` ('' for none) in place of the previous one. The same accelerator already
   * registered is kept; one that failed is tried again (the other application may have let it go).
   */
  apply(accelerator: string): void {
    if (this.current?.registered && this.current.status.accelerator === accelerator) return;
    this.current?.unregister();
    const { globalShortcut, logger, platform } = this.deps;
    this.current = registerDialShortcut(
      globalShortcut,
      accelerator,
      () => this.deps.onPressed(accelerator),
      logger,
      platform,
      this.deps.setting,
    );
    this.deps.report(this.current.status);
  }

  /** Tries a set shortcut that could not be registered once more (its keys may have been let go since). */
  retry(): void {
    const current = this.current;
    if (current && !current.registered && current.status.accelerator !== '')
      this.apply(current.status.accelerator);
  }

  dispose(): void {
    this.stopWording();
    this.current?.unregister();
    this.current = undefined;
  }
}
