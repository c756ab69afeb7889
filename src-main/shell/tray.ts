/**
 * The tray icon and its menu (the model is trayMenu.ts). The clipboard is read only when the agent asks for
 * the menu, never while Ringside is idle (no OS event says the clipboard changed, so the only alternative
 * would be polling it), and its text goes nowhere but `dial:resolve`:
 * - macOS and Windows: no context menu is set. The click that opens it (`click` and `right-click` on macOS,
 *   `right-click` on Windows) builds the menu then, with "Dial <the copied number>", and pops it up
 *   (`popUpContextMenu`). Electron's `menu-will-show` comes as the menu opens: too late for the labels.
 * - Linux: the menu belongs to the desktop's tray host (StatusNotifierItem over D-Bus), which opens it
 *   without waiting for the app, and `click` may never come. So the menu is set and rebuilt when the state
 *   changes, its item says "Dial the copied number", and the clipboard is read when it is chosen: that text
 *   goes through the confirmation (as the shortcut's does), since the agent has not seen it in the menu.
 */
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron';
import type { EventListener } from '../app/eventHub';
import type { DialRequestOutcome } from '../calls';
import type { CommandHandlers, Events } from '../shared/contract';
import { onLocaleChange, t } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import { dialCopiedText } from './shortcut';
import {
  trayMenuModel,
  trayTooltip,
  type ClipboardNumber,
  type TrayAction,
  type TrayMenuAction,
  type TrayMenuInput,
  type TrayMenuItem,
} from './trayMenu';

/** Longer clipboard text is not a phone number (and is not worth reading). */
const MAX_CLIPBOARD_NUMBER = 64;

export type TrayCommands = Pick<
  CommandHandlers,
  'connection:get' | 'calls:list' | 'dial:recent' | 'dial:resolve'
> &
  Partial<Pick<CommandHandlers, 'queues:get' | 'history:list'>>;

export interface TrayCore {
  readonly commands: TrayCommands;
  subscribe(listener: EventListener): () => void;
  /** The confirmation for copied text the menu did not show (Linux), as the shortcut asks for it. */
  readonly desktop: { requestDial(text: string, source: 'shortcut'): Promise<DialRequestOutcome> };
}

/** Electron reads `&` in a label as a mnemonic marker: a company called "Smith & Co" must keep its `&`. */
export function escapeMnemonic(label: string): string {
  return label.replace(/&/g, '&&');
}

export function menuTemplate(
  items: readonly TrayMenuItem[],
  run: (action: TrayMenuAction) => void,
): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    switch (item.kind) {
      case 'separator':
        return { type: 'separator' };
      case 'info':
      case 'disabled':
        return { label: escapeMnemonic(item.label), enabled: false };
      case 'submenu':
        return { label: escapeMnemonic(item.label), submenu: menuTemplate(item.items, run) };
      case 'action':
        return { label: escapeMnemonic(item.label), click: () => run(item.action) };
    }
  });
}

/** The number on the clipboard as the dial path reads it, or null when the clipboard holds no number. */
export async function clipboardNumber(
  text: string,
  commands: Pick<TrayCommands, 'dial:resolve'>,
): Promise<ClipboardNumber | null> {
  const raw = text.trim();
  if (!raw || raw.length > MAX_CLIPBOARD_NUMBER) return null;
  const preview = await commands['dial:resolve']({ raw });
  if (!preview.ok) return null;
  return { dial: preview.dial, display: preview.number.display, name: preview.matches[0]?.name ?? null };
}

export interface TrayDeps {
  iconPath: string;
  core: TrayCore;
  /** The clipboard's text ('' when it cannot be read); called only when the agent opens the menu or chooses. */
  readClipboard(): Promise<string>;
  run(action: TrayAction): void;
  /** Says why copied text was not dialled (an OS notification); logged when absent. */
  problem?(title: string, body: string): void;
  logger: Logger;
  /** Decides how the menu opens (see above); `process.platform` unless a test says otherwise. */
  platform?: NodeJS.Platform;
}

/** Where the app hears the click that opens the tray menu before it shows, and can build it then. */
function opensOnClick(platform: NodeJS.Platform): boolean {
  return platform === 'darwin' || platform === 'win32';
}

export class TrayController {
  private readonly tray: Tray;
  private readonly unsubscribe: () => void;
  private readonly stopWording: () => void;
  private readonly menuOnClick: boolean;
  private readonly platform: NodeJS.Platform;
  /** Refreshes never overlap: a change during one schedules exactly one more. */
  private running: Promise<void> | undefined;
  private again = false;
  /** Unknown (undefined) until read once or told by `history:changed`. */
  private missedUnseen: number | undefined;

  constructor(private readonly deps: TrayDeps) {
    const platform = deps.platform ?? process.platform;
    this.platform = platform;
    this.menuOnClick = opensOnClick(platform);
    this.tray = new Tray(nativeImage.createFromPath(deps.iconPath));
    this.tray.setToolTip('Ringside');
    this.tray.on('double-click', () => deps.run({ type: 'show-window' }));
    if (this.menuOnClick) {
      const open = () => void this.popUp();
      if (platform === 'darwin') this.tray.on('click', open);
      this.tray.on('right-click', open);
    }
    this.unsubscribe = deps.core.subscribe((channel, payload) => {
      if (channel === 'connection:state' || channel === 'calls:changed' || channel === 'queues:changed') {
        void this.refresh();
      } else if (channel === 'history:changed') {
        // The missed calls not seen yet: counted in the menu until the agent opens the history.
        const { missedUnseen } = payload as Events['history:changed'];
        if (missedUnseen !== this.missedUnseen) {
          this.missedUnseen = missedUnseen;
          void this.refresh();
        }
      }
    });
    // A language switch words the tooltip and the menu (Linux keeps a built one) again at once.
    this.stopWording = onLocaleChange(() => void this.refresh());
    void this.refresh();
  }

  /** Brings the tooltip, and on Linux the menu, up to date (the clipboard is not read). */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.rebuild()
      .catch((error: unknown) => this.deps.logger.warn('the tray menu could not be rebuilt', error))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          void this.refresh();
        }
      });
    return this.running;
  }

  dispose(): void {
    this.unsubscribe();
    this.stopWording();
    this.tray.destroy();
  }

  private async rebuild(): Promise<void> {
    const state = await this.state();
    this.tray.setToolTip(trayTooltip(state));
    // macOS shows a title beside the icon: the callers waiting in the agent's queues (elsewhere: the tooltip).
    if (this.platform === 'darwin')
      this.tray.setTitle?.(state.queues?.waiting ? String(state.queues.waiting) : '');
    if (!this.menuOnClick) this.tray.setContextMenu(this.menu({ ...state, clipboard: 'unread' }));
  }

  /** macOS and Windows: the menu as it is now, the clipboard read for it, popped up at the icon. */
  private async popUp(): Promise<void> {
    try {
      const [state, clipboard] = await Promise.all([this.state(), this.clipboardNumber()]);
      this.tray.popUpContextMenu(this.menu({ ...state, clipboard }));
    } catch (error) {
      this.deps.logger.warn('the tray menu could not be opened', error);
    }
  }

  private async state(): Promise<Omit<TrayMenuInput, 'clipboard'>> {
    const { commands } = this.deps.core;
    return {
      connection: await commands['connection:get'](),
      calls: await commands['calls:list'](),
      recent: await commands['dial:recent'](),
      queues: await commands['queues:get']?.().catch(() => undefined),
      missedUnseen: await this.readMissedUnseen(),
    };
  }

  private async readMissedUnseen(): Promise<number> {
    if (this.missedUnseen === undefined) {
      const page = await this.deps.core.commands['history:list']?.({ filter: 'missed', limit: 1 }).catch(
        () => undefined,
      );
      if (page) this.missedUnseen = page.missedUnseen;
    }
    return this.missedUnseen ?? 0;
  }

  private async clipboardNumber(): Promise<ClipboardNumber | null> {
    return clipboardNumber(await this.deps.readClipboard(), this.deps.core.commands);
  }

  private menu(input: TrayMenuInput): Menu {
    return Menu.buildFromTemplate(menuTemplate(trayMenuModel(input), (action) => this.run(action)));
  }

  private run(action: TrayMenuAction): void {
    if (action.type !== 'dial-clipboard') return this.deps.run(action);
    const { logger } = this.deps;
    void dialCopiedText({
      readText: () => this.deps.readClipboard(),
      requestDial: (text, source) => this.deps.core.desktop.requestDial(text, source),
      problem: this.deps.problem ?? ((title, body) => logger.warn(`tray: ${title}: ${body}`)),
      emptyHint: t('tray.nothingToDialTray'),
    });
  }
}
