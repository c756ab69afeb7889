/**
 * Ringside in the tray: when closing the window hides it and when it quits, whether a Linux desktop shows
 * a tray at all, and the one-time notice, with windows and the app played by event emitters as Electron
 * would drive them.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { MemorySettingsStore } from '../../../src-main/app/settings/settingsRepository';
import type { NotificationContent, NotificationLike } from '../../../src-main/shell/notifications';
import {
  closeOutcome,
  desktopShowsTray,
  hasStatusNotifierWatcher,
  linuxTrayShown,
  noticeMemory,
  parseNameHasOwner,
  trayNoticeContent,
  TrayResidence,
  type RunCommand,
} from '../../../src-main/shell/trayResident';
import { spyLogger } from '../../support/spyLogger';

describe('closeOutcome', () => {
  it('hides to the tray only when the setting is on, a tray is shown and the app is not quitting', () => {
    expect(closeOutcome({ quitting: false, keepRunningInTray: true, trayShown: true })).toBe('hide');
    expect(closeOutcome({ quitting: true, keepRunningInTray: true, trayShown: true })).toBe('close');
    expect(closeOutcome({ quitting: false, keepRunningInTray: false, trayShown: true })).toBe('close');
    expect(closeOutcome({ quitting: false, keepRunningInTray: true, trayShown: false })).toBe('close');
  });
});

describe('whether a Linux desktop shows the tray icon', () => {
  const desktop = (statusNotifierWatcher: boolean, sessionType: string, currentDesktop: string) => ({
    statusNotifierWatcher,
    sessionType,
    currentDesktop,
  });

  it('trusts a StatusNotifierWatcher on the bus, whatever the desktop', () => {
    expect(linuxTrayShown(desktop(true, 'wayland', 'ubuntu:GNOME'))).toBe(true);
    expect(linuxTrayShown(desktop(true, 'wayland', 'KDE'))).toBe(true);
  });

  it('without one, counts on an X11 tray outside GNOME only', () => {
    expect(linuxTrayShown(desktop(false, 'x11', 'XFCE'))).toBe(true);
    expect(linuxTrayShown(desktop(false, 'x11', 'ubuntu:GNOME'))).toBe(false);
    expect(linuxTrayShown(desktop(false, 'wayland', 'sway'))).toBe(false);
  });

  it('reads the bus answer of gdbus and of dbus-send', () => {
    expect(parseNameHasOwner('(true,)\n')).toBe(true);
    expect(parseNameHasOwner('(false,)\n')).toBe(false);
    expect(parseNameHasOwner('method return time=1 sender=org.freedesktop.DBus\n   boolean true\n')).toBe(
      true,
    );
    expect(parseNameHasOwner('   boolean false\n')).toBe(false);
  });

  it('asks with gdbus, falls back to dbus-send, and assumes no watcher when neither answers', async () => {
    const calls: string[] = [];
    const run =
      (answers: Record<string, string | Error>): RunCommand =>
      async (file, args) => {
        calls.push(file);
        expect(args.join(' ')).toContain('org.kde.StatusNotifierWatcher');
        const answer = answers[file] ?? new Error(`${file}: not found`);
        if (answer instanceof Error) throw answer;
        return answer;
      };
    expect(await hasStatusNotifierWatcher(run({ gdbus: '(true,)' }))).toBe(true);
    expect(await hasStatusNotifierWatcher(run({ 'dbus-send': 'boolean true' }))).toBe(true);
    expect(await hasStatusNotifierWatcher(run({}))).toBe(false);
    expect(calls).toEqual(['gdbus', 'gdbus', 'dbus-send', 'gdbus', 'dbus-send']);
  });

  it('needs no probe on Windows and macOS', async () => {
    const run = vi.fn<RunCommand>();
    expect(await desktopShowsTray('win32', {}, run)).toBe(true);
    expect(await desktopShowsTray('darwin', {}, run)).toBe(true);
    expect(run).not.toHaveBeenCalled();
    const gnome = { XDG_SESSION_TYPE: 'wayland', XDG_CURRENT_DESKTOP: 'GNOME' };
    expect(await desktopShowsTray('linux', gnome, async () => '(false,)')).toBe(false);
  });
});

/** A BrowserWindow as far as the residence uses it. */
class FakeWindow extends EventEmitter {
  hidden = false;
  closed = false;
  hide() {
    this.hidden = true;
  }
  /** What Electron does on close: `close` first, and the window goes only if nobody prevented it. */
  close() {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.closed = true;
  }
}

function residence(
  options: {
    keepRunningInTray?: boolean;
    desktopShowsTray?: boolean;
    trayCreated?: boolean;
    notifications?: boolean;
  } = {},
) {
  const app = new EventEmitter();
  const powerMonitor = new EventEmitter();
  const store = new MemorySettingsStore();
  const settings = { keepRunningInTray: options.keepRunningInTray ?? true };
  const notices: { content: NotificationContent; notification: NotificationLike & EventEmitter }[] = [];
  const showWindow = vi.fn();
  const created = new TrayResidence({
    app,
    powerMonitor,
    keepRunningInTray: () => settings.keepRunningInTray,
    desktopShowsTray: Promise.resolve(options.desktopShowsTray ?? true),
    notice: noticeMemory(store),
    createNotification: (content) => {
      const notification = Object.assign(new EventEmitter(), { show: vi.fn(), close: vi.fn() });
      notices.push({ content, notification });
      return notification;
    },
    notificationsSupported: () => options.notifications ?? true,
    showWindow,
    platform: 'linux',
    logger: spyLogger(),
  });
  created.setTrayCreated(options.trayCreated ?? true);
  const window = new FakeWindow();
  created.attach(window);
  return { app, powerMonitor, store, settings, notices, showWindow, residence: created, window };
}

/** Lets the desktop probe (a resolved promise) settle. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('TrayResidence', () => {
  it('hides the window on close instead of quitting, and says so once', async () => {
    const { window, notices, store, showWindow } = residence();
    await settled();

    window.close();
    expect(window).toMatchObject({ hidden: true, closed: false });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.content.title).toBe('Ringside is still running in the tray');
    expect(notices[0]!.notification.show).toHaveBeenCalledOnce();
    expect(store.get('trayNoticeShown')).toBe(true);
    notices[0]!.notification.emit('click');
    expect(showWindow).toHaveBeenCalledOnce();

    window.hidden = false;
    window.close();
    expect(window.hidden).toBe(true);
    expect(notices).toHaveLength(1);
  });

  it('does not show the notice again after a restart', async () => {
    const first = residence();
    await settled();
    first.window.close();
    expect(first.notices).toHaveLength(1);

    const second = residence();
    second.store.set('trayNoticeShown', first.store.get('trayNoticeShown'));
    await settled();
    second.window.close();
    expect(second.window.hidden).toBe(true);
    expect(second.notices).toHaveLength(0);
  });

  it('tries the notice again next time where the OS had no notifications', async () => {
    const { window, notices, store } = residence({ notifications: false });
    await settled();
    window.close();
    expect(window.hidden).toBe(true);
    expect(notices).toHaveLength(0);
    expect(store.get('trayNoticeShown')).toBeUndefined();
  });

  it('really quits once the app quits (tray Quit, Ctrl+Q) or the system shuts down', async () => {
    const quitting = residence();
    await settled();
    quitting.app.emit('before-quit');
    quitting.window.close();
    expect(quitting.window).toMatchObject({ hidden: false, closed: true });

    const shutdown = residence();
    await settled();
    shutdown.powerMonitor.emit('shutdown');
    shutdown.window.close();
    expect(shutdown.window.closed).toBe(true);

    const logout = residence();
    await settled();
    logout.window.emit('session-end');
    logout.window.close();
    expect(logout.window.closed).toBe(true);
  });

  it('closes (and so quits) when the setting is off, and follows the setting as it changes', async () => {
    const { window, settings } = residence({ keepRunningInTray: false });
    await settled();
    window.close();
    expect(window.closed).toBe(true);

    settings.keepRunningInTray = true;
    window.closed = false;
    window.close();
    expect(window.hidden).toBe(true);
  });

  it('closes where there is no tray to come back from', async () => {
    const noIcon = residence({ trayCreated: false });
    const noTrayDesktop = residence({ desktopShowsTray: false });
    await settled();
    for (const { window, residence: created, notices } of [noIcon, noTrayDesktop]) {
      expect(created.trayShown).toBe(false);
      window.close();
      expect(window.closed).toBe(true);
      expect(notices).toHaveLength(0);
    }
  });

  it('closes while it cannot yet tell whether the desktop shows a tray', () => {
    const { window } = residence();
    window.close();
    expect(window.closed).toBe(true);
  });
});

describe('trayNoticeContent', () => {
  it('names the menu bar on macOS', () => {
    expect(trayNoticeContent('darwin').title).toBe('Ringside is still running in the menu bar');
    expect(trayNoticeContent('win32').body).toMatch(/quit it from that icon's menu/);
  });
});
