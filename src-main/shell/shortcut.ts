/**
 * The global dial shortcut (setting `dialShortcut`, default Ctrl+Alt+D, ⌘⌥D on macOS; registered again
 * whenever the setting changes, and its outcome shown in Settings): dials the selected text on Linux (the
 * primary selection, so selecting is enough), the clipboard elsewhere and when nothing is selected. The
 * text is untrusted like a link, so it goes through `requestDial`, which asks before dialling.
 */
import type { DialRequestOutcome } from '../calls';
import type { DialShortcutStatus } from '../shared/contract';
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
  /** How the agent dials copied text, ending "Select or copy a phone number, then …": "press Ctrl+Alt+D". */
  howToDial: string;
}

export interface ShortcutDialerDeps extends Omit<CopiedTextDialerDeps, 'howToDial'> {
  /** For the notices, e.g. "Ctrl+Alt+D". */
  shortcutName: string;
}

/** What pressing the shortcut does; resolves once the request was handed on or refused. */
export function dialFromShortcut({ shortcutName, ...deps }: ShortcutDialerDeps): Promise<void> {
  return dialCopiedText({ ...deps, howToDial: `press ${shortcutName}` });
}

/**
 * Dials text the agent selected or copied (the shortcut; the tray's "Dial the copied number" on Linux):
 * untrusted like a link, so through `requestDial`; says why nothing was dialled.
 */
export async function dialCopiedText(deps: CopiedTextDialerDeps): Promise<void> {
  const text = (await deps.readText()).trim();
  if (!text) {
    deps.problem('Nothing to dial', `Select or copy a phone number, then ${deps.howToDial}.`);
    return;
  }
  if (text.length > MAX_SHORTCUT_TEXT) {
    deps.problem('Ringside did not dial', 'The selected text is too long to be a phone number.');
    return;
  }
  try {
    const outcome = await deps.requestDial(text, 'shortcut');
    if (outcome.status === 'refused') deps.problem('Ringside did not dial', outcome.reason);
  } catch (error) {
    deps.problem('Ringside could not dial', errorMessage(error));
  }
}

export interface DialShortcutRegistration {
  /** False when another application holds the shortcut, or it is off or refused. */
  registered: boolean;
  status: DialShortcutStatus;
  unregister(): void;
}

/** What Settings says about the shortcut, worded for people: "Ctrl+Alt+D", not the accelerator. */
export function dialShortcutStatus(
  accelerator: string,
  state: DialShortcutStatus['state'],
  platform: NodeJS.Platform,
): DialShortcutStatus {
  const name = describeAccelerator(accelerator, platform);
  const messages: Record<DialShortcutStatus['state'], string> = {
    registered: `Press ${name} in any application to dial the selected or copied number.`,
    off: 'No global dial shortcut is set.',
    taken: `${name} is taken by another application, so it does nothing in Ringside. Choose another shortcut.`,
    refused: `${name} cannot be used as a global shortcut on this system. Choose another shortcut.`,
  };
  return { accelerator, state, message: messages[state] };
}

export function registerDialShortcut(
  globalShortcut: GlobalShortcutLike,
  accelerator: string,
  onPressed: () => void,
  logger: Logger,
  platform: NodeJS.Platform = process.platform,
): DialShortcutRegistration {
  let state: DialShortcutStatus['state'] = 'off';
  if (accelerator !== '') {
    try {
      state = globalShortcut.register(accelerator, onPressed) ? 'registered' : 'taken';
      if (state === 'taken') logger.warn(`the dial shortcut ${accelerator} is taken by another application`);
    } catch (error) {
      // Settings check the grammar, but the OS may still refuse a key (e.g. one it reserves).
      state = 'refused';
      logger.warn(`the dial shortcut ${accelerator} is not a valid accelerator`, error);
    }
  }
  const registration: DialShortcutRegistration = {
    registered: state === 'registered',
    status: dialShortcutStatus(accelerator, state, platform),
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
}

/** The dial shortcut as the settings name it: `apply` again whenever they change. */
export class DialShortcut {
  private current: DialShortcutRegistration | undefined;

  constructor(private readonly deps: DialShortcutDeps) {}

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
    );
    this.deps.report(this.current.status);
  }

  dispose(): void {
    this.current?.unregister();
    this.current = undefined;
  }
}
