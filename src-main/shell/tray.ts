/**
 * The tray icon and its menu (the model is trayMenu.ts). The menu is rebuilt when the connection state or
 * the calls change, after a dial (the recent numbers), and when the clipboard starts or stops holding a
 * number: no OS event says the clipboard changed, and on Linux no event says the menu is about to open,
 * so the clipboard is checked every few seconds (locally; its text goes nowhere but `dial:resolve`).
 */
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron';
import type { EventListener } from '../app/eventHub';
import type { CommandHandlers } from '../shared/contract';
import type { Logger } from '../shared/logger';
import {
  trayMenuModel,
  trayTooltip,
  type ClipboardNumber,
  type TrayAction,
  type TrayMenuItem,
} from './trayMenu';

/** Longer clipboard text is not a phone number (and is not worth reading). */
const MAX_CLIPBOARD_NUMBER = 64;
export const CLIPBOARD_CHECK_MS = 2000;

export type TrayCommands = Pick<
  CommandHandlers,
  'connection:get' | 'calls:list' | 'dial:recent' | 'dial:resolve'
>;

export interface TrayCore {
  readonly commands: TrayCommands;
  subscribe(listener: EventListener): () => void;
}

/** Electron reads `&` in a label as a mnemonic marker: a company called "Smith & Co" must keep its `&`. */
export function escapeMnemonic(label: string): string {
  return label.replace(/&/g, '&&');
}

export function menuTemplate(
  items: readonly TrayMenuItem[],
  run: (action: TrayAction) => void,
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
  /** The clipboard's text ('' when it cannot be read). */
  readClipboard(): Promise<string>;
  run(action: TrayAction): void;
  logger: Logger;
  clipboardCheckMs?: number;
}

export class TrayController {
  private readonly tray: Tray;
  private clipboardText: string | undefined;
  private readonly unsubscribe: () => void;
  private readonly clipboardTimer: ReturnType<typeof setInterval>;
  /** Refreshes never overlap: a change during one schedules exactly one more. */
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly deps: TrayDeps) {
    this.tray = new Tray(nativeImage.createFromPath(deps.iconPath));
    this.tray.setToolTip('Ringside');
    this.tray.on('double-click', () => deps.run({ type: 'show-window' }));
    this.unsubscribe = deps.core.subscribe((channel) => {
      if (channel === 'connection:state' || channel === 'calls:changed') void this.refresh();
    });
    this.clipboardTimer = setInterval(
      () => void this.checkClipboard(),
      deps.clipboardCheckMs ?? CLIPBOARD_CHECK_MS,
    );
    this.clipboardTimer.unref?.();
    void this.refresh();
  }

  /** Rebuilds the menu from the current state (the recent numbers and clipboard are read again). */
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
    clearInterval(this.clipboardTimer);
    this.unsubscribe();
    this.tray.destroy();
  }

  private async checkClipboard(): Promise<void> {
    const text = await this.deps.readClipboard();
    if (text !== this.clipboardText) await this.refresh();
  }

  private async rebuild(): Promise<void> {
    const { commands } = this.deps.core;
    this.clipboardText = await this.deps.readClipboard();
    const input = {
      connection: await commands['connection:get'](),
      calls: await commands['calls:list'](),
      recent: await commands['dial:recent'](),
      clipboard: await clipboardNumber(this.clipboardText, commands),
    };
    this.tray.setContextMenu(Menu.buildFromTemplate(menuTemplate(trayMenuModel(input), this.deps.run)));
    this.tray.setToolTip(trayTooltip(input));
  }
}
