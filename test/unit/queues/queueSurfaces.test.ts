/**
 * The queues outside the window: the tray's queues section and tooltip count, pausing on quit (asked,
 * always or never), on shutdown, sleep and lock, the offer to resume on return, the long-wait notification
 * and the badge count.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { EventListener } from '../../../src-main/app/eventHub';
import {
  defaultSettings,
  type QueueChangeOutcome,
  type QueuesView,
  type Settings,
} from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import {
  installQueueSurfaces,
  quitDecision,
  runQueueTrayAction,
  type QuitAnswer,
} from '../../../src-main/shell/queueSurfaces';
import { trayMenuModel, trayTooltip } from '../../../src-main/shell/trayMenu';
import { queueMenuSection } from '../../../src-main/shell/trayQueues';
import { myQueue, queuesView } from '../../fixtures/queues';

vi.mock('electron', () => ({ Notification: class {} }));

/** Support active with two callers waiting; queue 6, which /queues does not list, paused. */
const view = (fields: Partial<QueuesView> = {}): QueuesView =>
  queuesView({
    agent: { id: 3, username: 'agent' },
    queues: [
      myQueue({ callersWaiting: 2 }),
      myQueue({
        id: 6,
        name: null,
        number: null,
        type: 'email',
        paused: true,
        queueActive: null,
        callersWaiting: null,
      }),
    ],
    waiting: 2,
    ...fields,
  });

const connected = { status: 'connected' as const, message: 'Connected to pbx.example.com.', since: 1 };

describe('the tray', () => {
  it('has a queues submenu with pause and resume per queue, all at once, and the board', () => {
    const [submenu] = queueMenuSection(view());
    expect(submenu).toMatchObject({ kind: 'submenu', label: 'My queues: 1 of 2 active · 2 callers waiting' });
    const items = submenu?.kind === 'submenu' ? submenu.items : [];
    expect(items.map((item) => ('label' in item ? item.label : '—'))).toEqual([
      'Pause Support',
      'Resume Queue 6',
      '—',
      'Pause all',
      'Resume all',
      'Show the queue board',
    ]);
    expect(items[0]).toMatchObject({
      action: { type: 'queue-change', change: { action: 'pause', queueId: 2 } },
    });
  });

  it('offers resuming what was paused while away, and shows nothing while the queues are not known', () => {
    const section = queueMenuSection(view({ awayPause: { reason: 'sleep', at: 1, queueIds: [2, 6] } }));
    expect(section[1]).toMatchObject({
      label: 'Resume the 2 queues paused while you were away',
      action: { type: 'queues-resume-away' },
    });
    expect(queueMenuSection(view({ status: 'unavailable' }))).toEqual([]);
    expect(queueMenuSection(undefined)).toEqual([]);
  });

  it('puts the section in the menu and the callers waiting in the tooltip', () => {
    const input = { connection: connected, calls: [], recent: [], clipboard: null, queues: view() };
    const labels = trayMenuModel(input).map((item) => ('label' in item ? item.label : '—'));
    expect(labels).toContain('My queues: 1 of 2 active · 2 callers waiting');
    expect(trayTooltip(input)).toBe('Ringside: Connected · 2 callers waiting in your queues');
    expect(trayTooltip({ ...input, queues: view({ waiting: 1 }) })).toContain('1 caller waiting');
    expect(trayTooltip({ ...input, queues: view({ waiting: 0 }) })).toBe('Ringside: Connected');
  });

  it('says when the PBX did not change every queue, never that it did', async () => {
    const problem = vi.fn();
    const failed: QueueChangeOutcome = {
      ok: false,
      unchanged: false,
      failures: [{ queueId: 6, message: 'Unknown queue id' }],
      agentError: null,
      view: view(),
    };
    runQueueTrayAction(
      { type: 'queue-change', change: { action: 'pause-all' } },
      {
        commands: { 'queues:change': async () => failed, 'queues:resumeAway': async () => failed },
        problem,
        showMainWindow: vi.fn(),
        sendEvent: vi.fn(),
      },
    );
    await vi.waitFor(() =>
      expect(problem).toHaveBeenCalledWith('The PBX did not change every queue', 'Unknown queue id'),
    );
  });
});

describe('quitDecision', () => {
  it('asks, pauses or quits as the setting says, and quits at once with no active queue', () => {
    expect(quitDecision('ask', true)).toBe('ask');
    expect(quitDecision('always', true)).toBe('pause');
    expect(quitDecision('never', true)).toBe('quit');
    expect(quitDecision('ask', false)).toBe('quit');
    expect(quitDecision('always', false)).toBe('quit');
  });
});

function surfaces(options: { settings?: Partial<Settings>; answer?: QuitAnswer; active?: boolean } = {}) {
  const listeners = new Set<EventListener>();
  const pauseForAway = vi.fn(async () => null);
  let current = view();
  const app = Object.assign(new EventEmitter(), { quit: vi.fn(), setBadgeCount: vi.fn(() => true) });
  const powerMonitor = new EventEmitter();
  const notifications: { title: string; click: () => void }[] = [];
  const askBeforeQuit = vi.fn(async () => options.answer ?? 'pause');
  const sendEvent = vi.fn();
  const showMainWindow = vi.fn();
  const uninstall = installQueueSurfaces({
    core: {
      queues: {
        pauseForAway,
        get hasActiveQueues() {
          return options.active ?? true;
        },
        view: () => current,
      },
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      desktop: { settings: { current: { ...defaultSettings(), ...options.settings } } },
    },
    app,
    powerMonitor,
    askBeforeQuit,
    createNotification: (content) => {
      const notification = Object.assign(new EventEmitter(), { show: vi.fn(), close: vi.fn() });
      notifications.push({ title: content.title, click: () => notification.emit('click') });
      return notification;
    },
    notificationsSupported: () => true,
    showMainWindow,
    sendEvent,
    logger: silentLogger,
    quitPauseLimitMs: 50,
  });
  const emit = (channel: string, payload: unknown) => {
    for (const listener of listeners) listener(channel as never, payload as never);
  };
  const quit = () => {
    const event = { preventDefault: vi.fn() };
    app.emit('before-quit', event);
    return event;
  };
  return {
    app,
    powerMonitor,
    pauseForAway,
    askBeforeQuit,
    notifications,
    sendEvent,
    showMainWindow,
    emit,
    quit,
    uninstall,
    setView: (next: QueuesView) => (current = next),
  };
}

describe('quitting with active queues', () => {
  it('asks (the default), pauses, then quits; the second quit goes through', async () => {
    const s = surfaces();
    const event = s.quit();
    expect(event.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(s.app.quit).toHaveBeenCalled());
    expect(s.askBeforeQuit).toHaveBeenCalledWith(1);
    expect(s.pauseForAway).toHaveBeenCalledWith('quit');
    expect(s.quit().preventDefault).not.toHaveBeenCalled();
    s.uninstall();
  });

  it('quits without pausing when the agent says so, and stays when they cancel', async () => {
    const stay = surfaces({ answer: 'stay' });
    stay.quit();
    await vi.waitFor(() => expect(stay.app.quit).toHaveBeenCalled());
    expect(stay.pauseForAway).not.toHaveBeenCalled();

    const cancel = surfaces({ answer: 'cancel' });
    cancel.quit();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cancel.app.quit).not.toHaveBeenCalled();
    expect(cancel.pauseForAway).not.toHaveBeenCalled();
  });

  it('pauses without asking when set to always; does nothing when set to never or nothing is active', async () => {
    const always = surfaces({ settings: { queuePauseOnQuit: 'always' } });
    always.quit();
    await vi.waitFor(() => expect(always.app.quit).toHaveBeenCalled());
    expect(always.askBeforeQuit).not.toHaveBeenCalled();
    expect(always.pauseForAway).toHaveBeenCalledWith('quit');

    expect(
      surfaces({ settings: { queuePauseOnQuit: 'never' } }).quit().preventDefault,
    ).not.toHaveBeenCalled();
    expect(surfaces({ active: false }).quit().preventDefault).not.toHaveBeenCalled();
  });

  it('quits anyway when the PBX does not answer the pause in time', async () => {
    const s = surfaces({ settings: { queuePauseOnQuit: 'always' } });
    s.pauseForAway.mockImplementation(() => new Promise(() => {}));
    s.quit();
    await vi.waitFor(() => expect(s.app.quit).toHaveBeenCalled());
  });
});

describe('away from the desk', () => {
  it('pauses without asking on shutdown, and the quit that follows does not ask', () => {
    const s = surfaces();
    s.powerMonitor.emit('shutdown');
    expect(s.pauseForAway).toHaveBeenCalledWith('shutdown');
    expect(s.quit().preventDefault).not.toHaveBeenCalled();
  });

  it('pauses on sleep and lock only when the agent chose so', () => {
    const off = surfaces();
    off.powerMonitor.emit('suspend');
    off.powerMonitor.emit('lock-screen');
    expect(off.pauseForAway).not.toHaveBeenCalled();

    const on = surfaces({ settings: { queuePauseWhenAway: true } });
    on.powerMonitor.emit('suspend');
    on.powerMonitor.emit('lock-screen');
    expect(on.pauseForAway.mock.calls).toEqual([['sleep'], ['lock']]);
  });

  it('offers resuming on return, once; its click shows My queues', () => {
    const s = surfaces({ settings: { queuePauseWhenAway: true } });
    s.powerMonitor.emit('lock-screen');
    const paused = view({ awayPause: { reason: 'lock', at: 10, queueIds: [2] } });
    s.setView(paused);
    s.emit('queues:changed', paused);
    expect(s.notifications).toEqual([]);
    s.powerMonitor.emit('unlock-screen');
    expect(s.notifications.map((notification) => notification.title)).toEqual([
      'One of your queues is still paused',
    ]);
    s.emit('queues:changed', paused);
    expect(s.notifications).toHaveLength(1);
    s.notifications[0]!.click();
    expect(s.showMainWindow).toHaveBeenCalled();
    expect(s.sendEvent).toHaveBeenCalledWith('queues:show', null);
  });
});

describe('notifications and the badge', () => {
  it('notifies a long wait; its click opens the board', () => {
    const s = surfaces();
    s.emit('queues:longWait', { queueId: 2, queueName: 'Support', waitSeconds: 75 });
    expect(s.notifications.map((notification) => notification.title)).toEqual([
      'A caller has waited 1:15 in Support',
    ]);
    s.notifications[0]!.click();
    expect(s.sendEvent).toHaveBeenCalledWith('queueBoard:show', null);
  });

  it('shows the callers waiting as the app’s badge', () => {
    const s = surfaces();
    s.emit('queues:changed', view({ waiting: 4 }));
    expect(s.app.setBadgeCount).toHaveBeenLastCalledWith(4);
  });
});
