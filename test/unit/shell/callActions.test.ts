/**
 * Acting on a call from outside the window: the tray's Answer while a call rings and its count of missed
 * calls, the global answer and hang-up shortcuts, the pop notification's Answer button and the missed-call
 * notification's call back (which names the person, so the PBX links the call to the contact).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventListener } from '../../../src-main/app/eventHub';
import {
  defaultSettings,
  type CallView,
  type ConnectionState,
  type Settings,
} from '../../../src-main/shared/contract';
import { setActiveLocale } from '../../../src-main/shared/i18n';
import {
  answerRingingCall,
  hangUpActiveCall,
  installCallShortcuts,
} from '../../../src-main/shell/callShortcuts';
import { installMissedCallSurfaces } from '../../../src-main/shell/missedCallSurfaces';
import { ScreenPopNotifier } from '../../../src-main/shell/notifications';
import { trayMenuModel, trayTooltip, type TrayMenuItem } from '../../../src-main/shell/trayMenu';
import { historyItem, janaCall } from '../../components/historyFixtures';
import { callView, screenPop } from '../../fixtures/calls';
import { fakeNotifications } from '../../fixtures/notifications';
import { spyLogger } from '../../support/spyLogger';

vi.mock('electron', () => ({ Notification: class {} }));

const connected: ConnectionState = { status: 'connected', message: 'Connected.', since: 1 };
const ringing = callView({ uniqueid: 'r.1', state: 'ringing', actions: ['answer'], connectedAt: null });
const active = callView({ uniqueid: 'a.1' });

const labels = (items: TrayMenuItem[]) => items.flatMap((item) => ('label' in item ? [item.label] : []));
const model = (calls: CallView[], missedUnseen = 0) =>
  trayMenuModel({ connection: connected, calls, recent: [], clipboard: null, missedUnseen });

afterEach(() => setActiveLocale('en'));

describe('the tray', () => {
  it('offers Answer while a call rings, and no Decline', () => {
    const items = model([ringing]);
    expect(items).toContainEqual({
      kind: 'action',
      label: 'Answer Jana Nováková',
      action: { type: 'answer', uniqueid: 'r.1' },
    });
    expect(labels(items).join(' ')).not.toMatch(/decline|reject/i);
    expect(labels(model([active]))).not.toContain('Answer Jana Nováková');
  });

  it('counts the missed calls not seen yet, in the menu and the tooltip, and opens the history', () => {
    expect(model([], 3)).toContainEqual({
      kind: 'action',
      label: '3 missed calls',
      action: { type: 'show-history' },
    });
    expect(labels(model([], 0)).some((label) => label.includes('missed'))).toBe(false);
    expect(trayTooltip({ connection: connected, calls: [], missedUnseen: 1 })).toContain('1 missed call');
    setActiveLocale('cs');
    expect(labels(model([], 2))).toContain('2 zmeškané hovory');
    expect(labels(model([ringing]))).toContain('Přijmout hovor: Jana Nováková');
  });
});

describe('the global answer and hang-up shortcuts', () => {
  const commands = (calls: CallView[]) => ({
    'calls:list': vi.fn(async () => calls),
    'calls:control': vi.fn(async () => ({ message: 'ok' })),
  });

  it('answers the ringing call and hangs up the active one', async () => {
    const problem = vi.fn();
    const withCalls = commands([active, ringing]);
    await answerRingingCall(withCalls, problem);
    expect(withCalls['calls:control']).toHaveBeenCalledWith({ uniqueid: 'r.1', action: 'answer' });
    await hangUpActiveCall(withCalls, problem);
    expect(withCalls['calls:control']).toHaveBeenCalledWith({ uniqueid: 'a.1', action: 'hangup' });
    expect(problem).not.toHaveBeenCalled();
  });

  it('says so when there is nothing to answer or hang up, and when the PBX refuses', async () => {
    const problem = vi.fn();
    await answerRingingCall(commands([active]), problem);
    await hangUpActiveCall(commands([]), problem);
    expect(problem.mock.calls.map(([title]) => title)).toEqual([
      'No call is ringing.',
      'There is no call to hang up.',
    ]);
    const refusing = commands([ringing]);
    refusing['calls:control'].mockRejectedValueOnce(new Error('busy'));
    await answerRingingCall(refusing, problem);
    expect(problem).toHaveBeenLastCalledWith('The call could not be answered', expect.any(String));
  });

  it('are off until set, registered when set, and follow the settings', () => {
    const registered = new Map<string, () => void>();
    // As Electron: keys this app already holds are refused.
    const globalShortcut = {
      register: vi.fn(
        (accelerator: string, callback: () => void) =>
          !registered.has(accelerator) && (registered.set(accelerator, callback), true),
      ),
      unregister: vi.fn((accelerator: string) => registered.delete(accelerator)),
    };
    let listener: ((settings: Settings) => void) | undefined;
    const reports: [string, string][] = [];
    const stop = installCallShortcuts({
      commands: commands([ringing]),
      desktop: {
        settings: {
          current: { ...defaultSettings(), dialShortcut: 'Ctrl+Alt+D' },
          subscribe: (next) => ((listener = next), () => (listener = undefined)),
        },
        reportShortcut: (setting, status) => reports.push([setting, status.state]),
      },
      globalShortcut,
      problem: vi.fn(),
      logger: spyLogger(),
      platform: 'linux',
    });
    expect(registered.size).toBe(0);
    expect(reports).toEqual([
      ['answerShortcut', 'off'],
      ['hangUpShortcut', 'off'],
    ]);
    listener!({
      dialShortcut: 'Ctrl+Alt+D',
      answerShortcut: 'Ctrl+Alt+A',
      hangUpShortcut: 'Ctrl+Alt+H',
    } as Settings);
    expect([...registered.keys()]).toEqual(['Ctrl+Alt+A', 'Ctrl+Alt+H']);
    expect(reports.slice(-2)).toEqual([
      ['answerShortcut', 'registered'],
      ['hangUpShortcut', 'registered'],
    ]);
    // The two swap keys in one save: each asks for keys the other still holds, and gets them on the retry.
    listener!({
      dialShortcut: 'Ctrl+Alt+D',
      answerShortcut: 'Ctrl+Alt+H',
      hangUpShortcut: 'Ctrl+Alt+A',
    } as Settings);
    expect(Object.fromEntries(reports)).toEqual({
      answerShortcut: 'registered',
      hangUpShortcut: 'registered',
    });
    expect([...registered.keys()].sort()).toEqual(['Ctrl+Alt+A', 'Ctrl+Alt+H']);
    stop();
    expect(registered.size).toBe(0);
  });
});

describe('notifications', () => {
  const fakeShown = () => {
    const { made, create } = fakeNotifications();
    return { shown: made, create };
  };

  it('the pop notification carries an Answer button that answers that call', () => {
    const { shown, create } = fakeShown();
    const onAnswer = vi.fn();
    new ScreenPopNotifier({ create, onClick: vi.fn(), onAnswer }).show(screenPop());
    expect(shown[0]!.content.actions).toEqual(['Answer']);
    shown[0]!.listeners.get('action')!();
    expect(onAnswer).toHaveBeenCalledWith(screenPop().uniqueid);
  });

  it('a missed call notifies, and its click calls back naming the person', async () => {
    const { shown, create } = fakeShown();
    const listeners: EventListener[] = [];
    const dial = vi.fn(async () => ({ uniqueid: 'x' }));
    installMissedCallSurfaces({
      core: {
        commands: { 'calls:dial': dial } as never,
        subscribe: (listener) => (listeners.push(listener), () => {}),
      },
      create,
      notificationsSupported: () => true,
      problem: vi.fn(),
    });
    const missed = {
      ...janaCall,
      outcome: 'missed' as const,
      seen: false,
      queue: { id: 2, name: 'Support' },
    };
    listeners[0]!('call:missed', missed);
    expect(shown[0]!.content).toMatchObject({
      title: 'Missed call from Jana Nováková',
      body: '+420 777 123 456 · via Support · Click to call back.',
      actions: ['Call back'],
    });
    shown[0]!.listeners.get('click')!();
    expect(dial).toHaveBeenCalledWith({ number: '+420777123456', source: 'history', data: { person_id: 7 } });
    // An anonymous caller cannot be called back: no button, no dial.
    listeners[0]!(
      'call:missed',
      historyItem(4, { remote: { number: 'anonymous', display: 'anonymous', dial: null, pbxName: '' } }),
    );
    expect(shown[1]!.content.actions).toBeUndefined();
    shown[1]!.listeners.get('click')!();
    expect(dial).toHaveBeenCalledTimes(1);
  });
});

describe('the shortcuts in Settings', () => {
  it('refuses the same keys for two shortcuts, on the later field, and keeps what was typed', async () => {
    const { defaultSettings, validateSettings } =
      await import('../../../src-main/app/settings/settingsSchema');
    const settings = {
      ...defaultSettings(),
      defaultCountry: 'CZ',
      dialShortcut: 'CommandOrControl+Alt+D',
      answerShortcut: 'commandorcontrol+alt+d',
      hangUpShortcut: 'Ctrl+Nope',
    };
    const result = validateSettings(settings, { requireConnection: false });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.answerShortcut).toContain('already the shortcut for something else');
    expect(result.errors.hangUpShortcut).toContain('"Nope" is not a key Electron knows');
    expect(result.errors.dialShortcut).toBeUndefined();
    expect(result.settings).toEqual(settings);
    expect(
      validateSettings({ ...settings, answerShortcut: '', hangUpShortcut: '' }, { requireConnection: false })
        .ok,
    ).toBe(true);
    // The same keys spelled otherwise: CommandOrControl is Ctrl off macOS; the modifiers' order does not count.
    const respelled = { ...settings, answerShortcut: 'Alt+Ctrl+D', hangUpShortcut: '' };
    const offMac = validateSettings(respelled, { requireConnection: false, platform: 'linux' });
    expect(offMac.ok ? {} : offMac.errors).toMatchObject({
      answerShortcut: expect.stringContaining('already the shortcut'),
    });
    expect(validateSettings(respelled, { requireConnection: false, platform: 'darwin' }).ok).toBe(true);
  });
});
