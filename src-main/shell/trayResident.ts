/**
 * Ringside lives in the tray: closing the main window hides it, so the call monitor, screen-pops, links
 * and the shortcut keep working, when the setting `keepRunningInTray` is on and the desktop shows tray
 * icons. Quitting (the tray's Quit, the app menu, Ctrl+Q / Cmd+Q, a system shutdown) really quits. Where
 * no tray icon can be seen, closing quits as before: a hidden window with no icon to bring it back would
 * leave the agent with a Ringside they cannot reach.
 *
 * The decisions are pure functions; `TrayResidence` applies them to Electron's events.
 */
import { execFile } from 'node:child_process';
import { t } from '../shared/i18n';
import type { Logger } from '../shared/logger';
import type { CreateNotification, NotificationContent } from './notifications';

export type CloseOutcome = 'hide' | 'close';

export interface CloseSituation {
  /** The app is quitting (`before-quit`, a system shutdown): nothing may hold it up. */
  quitting: boolean;
  keepRunningInTray: boolean;
  /** A tray icon exists and the desktop shows it. */
  trayShown: boolean;
}

/** What closing the main window does. */
export function closeOutcome({ quitting, keepRunningInTray, trayShown }: CloseSituation): CloseOutcome {
  return !quitting && keepRunningInTray && trayShown ? 'hide' : 'close';
}

export interface LinuxDesktop {
  /** A StatusNotifierWatcher owns its name on the session bus (false when that could not be asked). */
  statusNotifierWatcher: boolean;
  /** `XDG_SESSION_TYPE`: x11, wayland… */
  sessionType: string;
  /** `XDG_CURRENT_DESKTOP`, e.g. `ubuntu:GNOME`, `KDE`, `XFCE`. */
  currentDesktop: string;
}

/**
 * Whether a Linux desktop shows Electron's tray icon. Electron offers it as a StatusNotifierItem, which
 * any desktop with a watcher shows (KDE, GNOME with the AppIndicator extension, Cinnamon, XFCE's plugin);
 * without a watcher it falls back to an X11 (XEmbed) icon, which X11 panels outside GNOME show, and which
 * GNOME Shell (since 3.26) and Wayland sessions never do.
 */
export function linuxTrayShown(desktop: LinuxDesktop): boolean {
  if (desktop.statusNotifierWatcher) return true;
  if (desktop.sessionType.toLowerCase() === 'wayland') return false;
  return !/gnome/i.test(desktop.currentDesktop);
}

/** Reads the answer of `NameHasOwner` as gdbus (`(true,)`) or dbus-send (`boolean true`) prints it. */
export function parseNameHasOwner(output: string): boolean {
  return /\btrue\b/.test(output);
}

export type RunCommand = (file: string, args: readonly string[]) => Promise<string>;

const WATCHER = 'org.kde.StatusNotifierWatcher';

const runWithTimeout: RunCommand = (file, args) =>
  new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 2000 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });

/** Asks the session bus whether a StatusNotifierWatcher runs, with whichever of gdbus or dbus-send exists. */
export async function hasStatusNotifierWatcher(run: RunCommand = runWithTimeout): Promise<boolean> {
  const attempts: [string, string[]][] = [
    [
      'gdbus',
      [
        'call',
        '--session',
        '--dest',
        'org.freedesktop.DBus',
        '--object-path',
        '/org/freedesktop/DBus',
      ].concat(['--method', 'org.freedesktop.DBus.NameHasOwner', WATCHER]),
    ],
    [
      'dbus-send',
      ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus'].concat([
        'org.freedesktop.DBus.NameHasOwner',
        `string:${WATCHER}`,
      ]),
    ],
  ];
  for (const [file, args] of attempts) {
    try {
      return parseNameHasOwner(await run(file, args));
    } catch {
      // Not installed, or no session bus: try the other tool, then give up (no watcher known).
    }
  }
  return false;
}

/** Whether this desktop shows tray icons at all (before any is created). */
export async function desktopShowsTray(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  run?: RunCommand,
): Promise<boolean> {
  if (platform !== 'linux') return true;
  return linuxTrayShown({
    statusNotifierWatcher: await hasStatusNotifierWatcher(run),
    sessionType: env['XDG_SESSION_TYPE'] ?? '',
    currentDesktop: env['XDG_CURRENT_DESKTOP'] ?? '',
  });
}

/** Said once, the first time the window goes to the tray (the menu bar on macOS). */
export function trayNoticeContent(platform: NodeJS.Platform): NotificationContent {
  const place = platform === 'darwin' ? 'menuBar' : 'tray';
  return { title: t('tray.residentTitle', { place }), body: t('tray.residentBody', { place }) };
}

/** Remembers that the notice was shown (a key in the settings file, beside the settings). */
export interface NoticeMemory {
  wasShown(): boolean;
  markShown(): void;
}

export const TRAY_NOTICE_KEY = 'trayNoticeShown';

export function noticeMemory(store: { get(key: string): unknown; set(key: string, value: unknown): void }) {
  return {
    wasShown: () => store.get(TRAY_NOTICE_KEY) === true,
    markShown: () => store.set(TRAY_NOTICE_KEY, true),
  } satisfies NoticeMemory;
}

/** The parts of a BrowserWindow this module uses. */
export interface ResidentWindow {
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'session-end', listener: () => void): unknown;
  hide(): void;
}

export interface TrayResidenceDeps {
  /** Electron's app: `before-quit` marks a real quit. */
  app: { on(event: 'before-quit', listener: () => void): unknown };
  /** Electron's powerMonitor: `shutdown` (Linux, macOS) must not be held up by a hidden window. */
  powerMonitor: { on(event: 'shutdown', listener: () => void): unknown };
  keepRunningInTray(): boolean;
  /** Whether the desktop shows tray icons (see `desktopShowsTray`); until it answers, no. */
  desktopShowsTray: Promise<boolean>;
  notice: NoticeMemory;
  createNotification: CreateNotification;
  /** Where the OS has none, the notice is tried again next time. */
  notificationsSupported(): boolean;
  /** A click on the notice brings the window back. */
  showWindow(): void;
  platform: NodeJS.Platform;
  logger: Logger;
}

export class TrayResidence {
  private quitting = false;
  private trayCreated = false;
  private desktopTray = false;

  constructor(private readonly deps: TrayResidenceDeps) {
    const quit = () => {
      this.quitting = true;
    };
    deps.app.on('before-quit', quit);
    deps.powerMonitor.on('shutdown', quit);
    deps.desktopShowsTray.then(
      (shown) => {
        this.desktopTray = shown;
        if (!shown) deps.logger.info('no tray is shown on this desktop: closing the window quits Ringside');
      },
      (error: unknown) => deps.logger.warn('could not tell whether this desktop shows a tray', error),
    );
  }

  /** The tray icon was created (false when Electron could not create one). */
  setTrayCreated(created: boolean): void {
    this.trayCreated = created;
  }

  get trayShown(): boolean {
    return this.trayCreated && this.desktopTray;
  }

  /** Each main window: closing it hides it to the tray when Ringside stays there. */
  attach(window: ResidentWindow): void {
    // Windows ends the session without `before-quit`: a window that refused to close would block logout.
    window.on('session-end', () => {
      this.quitting = true;
    });
    window.on('close', (event) => {
      const situation = {
        quitting: this.quitting,
        keepRunningInTray: this.deps.keepRunningInTray(),
        trayShown: this.trayShown,
      };
      if (closeOutcome(situation) === 'close') return;
      event.preventDefault();
      window.hide();
      this.noticeOnce();
    });
  }

  private noticeOnce(): void {
    const { notice, platform, logger } = this.deps;
    if (notice.wasShown() || !this.deps.notificationsSupported()) return;
    try {
      const notification = this.deps.createNotification(trayNoticeContent(platform));
      notification.on('click', () => this.deps.showWindow());
      notification.show();
      notice.markShown();
    } catch (error) {
      logger.warn('the tray notice could not be shown', error);
    }
  }
}
