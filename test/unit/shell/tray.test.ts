import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventListener } from '../../../src-main/app/eventHub';
import type { CallView, ConnectionState, DialPreview, RecentNumber } from '../../../src-main/shared/contract';
import {
  clipboardNumber,
  escapeMnemonic,
  menuTemplate,
  TrayController,
  type TrayCore,
} from '../../../src-main/shell/tray';
import {
  connectionLine,
  trayMenuModel,
  trayTooltip,
  type TrayMenuInput,
  type TrayMenuItem,
} from '../../../src-main/shell/trayMenu';
import { callView } from '../../fixtures/calls';
import { spyLogger } from './spyLogger';

const electron = vi.hoisted(() => {
  class FakeTray {
    static readonly instances: FakeTray[] = [];
    menu: { template: unknown } | undefined;
    tooltip = '';
    destroyed = false;
    readonly listeners = new Map<string, () => void>();
    constructor(readonly image: unknown) {
      FakeTray.instances.push(this);
    }
    setContextMenu(menu: { template: unknown }) {
      this.menu = menu;
    }
    setToolTip(text: string) {
      this.tooltip = text;
    }
    on(event: string, listener: () => void) {
      this.listeners.set(event, listener);
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return {
    Tray: FakeTray,
    Menu: { buildFromTemplate: (template: unknown) => ({ template }) },
    nativeImage: { createFromPath: (path: string) => ({ path }) },
  };
});
vi.mock('electron', () => electron);

const connected: ConnectionState = {
  status: 'connected',
  message: 'Connected to pbx.example.com.',
  since: 1,
};

const call = callView;

const recent = (count: number): RecentNumber[] =>
  Array.from({ length: count }, (_, index) => ({
    dial: `+42077712345${index}`,
    display: `+420 777 123 45${index}`,
    name: index === 0 ? 'Petr Svoboda' : null,
    lastDialledAt: 1000 - index,
    source: 'dialpad' as const,
  }));

const input = (overrides: Partial<TrayMenuInput> = {}): TrayMenuInput => ({
  connection: connected,
  calls: [],
  recent: [],
  clipboard: null,
  ...overrides,
});

const labels = (items: readonly TrayMenuItem[]) => items.map((item) => ('label' in item ? item.label : '—'));
const actionOf = (items: readonly TrayMenuItem[], label: string) => {
  const item = items.find((candidate) => 'label' in candidate && candidate.label === label);
  return item?.kind === 'action' ? item.action : undefined;
};

describe('the tray menu model', () => {
  it('without calls: the state line, clipboard, redial, show and quit; no hang up', () => {
    const items = trayMenuModel(input({ recent: recent(2) }));
    expect(labels(items)).toEqual([
      'Connected to pbx.example.com.',
      '—',
      'Dial clipboard number (no number copied)',
      'Redial',
      '—',
      'Show Ringside',
      'Quit Ringside',
    ]);
    expect(items[0]).toEqual({ kind: 'info', label: 'Connected to pbx.example.com.' });
    expect(items[2]?.kind).toBe('disabled');
    expect(actionOf(items, 'Show Ringside')).toEqual({ type: 'show-window' });
    expect(actionOf(items, 'Quit Ringside')).toEqual({ type: 'quit' });
  });

  it('offers to hang up the call the PBX would hang up, by name and state', () => {
    const ringingElsewhere = call({
      uniqueid: '1700000000.2',
      state: 'ringing',
      actions: ['answer'],
      stateLabel: 'Ringing',
    });
    const items = trayMenuModel(input({ calls: [ringingElsewhere, call()] }));
    expect(actionOf(items, 'Hang up Jana Nováková (Connected)')).toEqual({
      type: 'hangup',
      uniqueid: '1700000000.1',
    });
    expect(labels(items).filter((label) => label.startsWith('Hang up'))).toHaveLength(1);
  });

  it('names an unknown caller by the PBX’s name, else by the number; none while hanging up', () => {
    const unknown = call({ remote: { number: '201', display: '201', pbxName: 'Reception', match: null } });
    expect(labels(trayMenuModel(input({ calls: [unknown] })))).toContain('Hang up Reception (Connected)');
    const anonymous = call({ remote: { number: '777', display: '+420 777', pbxName: ' ', match: null } });
    expect(labels(trayMenuModel(input({ calls: [anonymous] })))).toContain('Hang up +420 777 (Connected)');
    const hangingUp = call({ pending: 'hangup', stateLabel: 'Hanging up…' });
    expect(
      labels(trayMenuModel(input({ calls: [hangingUp] }))).some((label) => label.startsWith('Hang up')),
    ).toBe(false);
  });

  it('shows the clipboard number and its owner, dialling exactly what the dial path read', () => {
    const items = trayMenuModel(
      input({ clipboard: { dial: '+420777123456', display: '+420 777 123 456', name: 'Jana Nováková' } }),
    );
    expect(actionOf(items, 'Dial +420 777 123 456 (Jana Nováková)')).toEqual({
      type: 'dial',
      number: '+420777123456',
    });
  });

  it('lists the last five numbers to redial, newest first, with names when known', () => {
    const items = trayMenuModel(input({ recent: recent(8) }));
    const redial = items.find((item) => item.kind === 'submenu');
    expect(redial?.kind === 'submenu' && labels(redial.items)).toEqual([
      'Petr Svoboda · +420 777 123 450',
      '+420 777 123 451',
      '+420 777 123 452',
      '+420 777 123 453',
      '+420 777 123 454',
    ]);
    expect(redial?.kind === 'submenu' && redial.items[1]).toMatchObject({
      action: { type: 'dial', number: '+420777123451' },
    });
    const none = trayMenuModel(input()).find((item) => item.kind === 'submenu');
    expect(none).toEqual({
      kind: 'submenu',
      label: 'Redial',
      items: [{ kind: 'disabled', label: 'No numbers dialled yet' }],
    });
  });

  it('says each connection state, with the reason when something is wrong', () => {
    expect(connectionLine({ status: 'connecting', message: 'Connecting to the demo PBX…', since: 1 })).toBe(
      'Connecting to the demo PBX…',
    );
    expect(
      connectionLine({ status: 'offline', message: 'The PBX did not answer. Retrying in 8 s.', since: 1 }),
    ).toBe('Offline: The PBX did not answer. Retrying in 8 s.');
    expect(connectionLine({ status: 'credentials-rejected', message: '', since: 1 })).toBe(
      'Credentials rejected',
    );
    expect(connectionLine({ status: 'unconfigured', message: 'No PBX is configured yet.', since: 1 })).toBe(
      'Not configured: No PBX is configured yet.',
    );
    const long = connectionLine({ status: 'offline', message: 'x'.repeat(200), since: 1 });
    expect(long.length).toBeLessThanOrEqual(72);
    expect(long.endsWith('…')).toBe(true);
  });

  it('puts the state and the call in the tooltip', () => {
    expect(trayTooltip({ connection: connected, calls: [] })).toBe('Ringside: Connected');
    expect(trayTooltip({ connection: connected, calls: [call()] })).toBe(
      'Ringside: Connected · Connected: Jana Nováková',
    );
  });
});

describe('the Electron menu', () => {
  it('keeps a literal & in names instead of turning it into a mnemonic', () => {
    expect(escapeMnemonic('Smith & Co & Partners')).toBe('Smith && Co && Partners');
    const run = vi.fn();
    const template = menuTemplate(
      [
        { kind: 'info', label: 'Connected to A&B.' },
        {
          kind: 'submenu',
          label: 'Redial',
          items: [{ kind: 'action', label: 'R&D', action: { type: 'dial', number: '201' } }],
        },
        { kind: 'separator' },
      ],
      run,
    );
    expect(template[0]).toEqual({ label: 'Connected to A&&B.', enabled: false });
    expect(template[2]).toEqual({ type: 'separator' });
    const submenu = template[1]?.submenu as { label: string; click: () => void }[];
    expect(submenu[0]?.label).toBe('R&&D');
    submenu[0]?.click();
    expect(run).toHaveBeenCalledWith({ type: 'dial', number: '201' });
  });
});

function fakeCore(state: { connection: ConnectionState; calls: CallView[]; recent: RecentNumber[] }) {
  const listeners = new Set<EventListener>();
  const core: TrayCore = {
    commands: {
      'connection:get': async () => state.connection,
      'calls:list': async () => state.calls,
      'dial:recent': async () => state.recent,
      'dial:resolve': async ({ raw }): Promise<DialPreview> =>
        /^\+?[\d ]+$/.test(raw)
          ? { ok: true, dial: raw.replace(/ /g, ''), number: { display: raw }, matches: [] }
          : { ok: false, reason: `"${raw}" is not a phone number.` },
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    core,
    emit: (channel: 'calls:changed' | 'connection:state') =>
      listeners.forEach((listener) => listener(channel, null as never)),
    listeners,
  };
}

describe('TrayController', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const menuLabels = (tray: InstanceType<typeof electron.Tray>) =>
    (tray.menu?.template as { label?: string }[]).map((item) => item.label ?? '—');

  it('rebuilds the menu when the calls or the connection change, and on a new clipboard number', async () => {
    const state = { connection: connected, calls: [] as CallView[], recent: recent(1) };
    const { core, emit, listeners } = fakeCore(state);
    let clipboardText = 'some words';
    const controller = new TrayController({
      iconPath: '/app/resources/tray.png',
      core,
      readClipboard: async () => clipboardText,
      run: vi.fn(),
      logger: spyLogger(),
      clipboardCheckMs: 2000,
    });
    const tray = electron.Tray.instances.at(-1)!;
    expect(tray.image).toEqual({ path: '/app/resources/tray.png' });
    await vi.waitFor(() => expect(menuLabels(tray)).toContain('Dial clipboard number (no number copied)'));

    state.calls = [call()];
    emit('calls:changed');
    await vi.waitFor(() => expect(menuLabels(tray)).toContain('Hang up Jana Nováková (Connected)'));
    expect(tray.tooltip).toBe('Ringside: Connected · Connected: Jana Nováková');

    state.connection = { status: 'offline', message: 'The PBX did not answer.', since: 2 };
    emit('connection:state');
    await vi.waitFor(() => expect(menuLabels(tray)[0]).toBe('Offline: The PBX did not answer.'));

    clipboardText = '+420 777 123 456';
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(menuLabels(tray)).toContain('Dial +420 777 123 456'));

    controller.dispose();
    expect(tray.destroyed).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('shows the window on a double click of the icon', () => {
    const run = vi.fn();
    const { core } = fakeCore({ connection: connected, calls: [], recent: [] });
    const controller = new TrayController({
      iconPath: 'x.png',
      core,
      readClipboard: async () => '',
      run,
      logger: spyLogger(),
    });
    electron.Tray.instances.at(-1)!.listeners.get('double-click')!();
    expect(run).toHaveBeenCalledWith({ type: 'show-window' });
    controller.dispose();
  });
});

describe('clipboardNumber', () => {
  it('is a number only when the whole clipboard reads as one', async () => {
    const { core } = fakeCore({ connection: connected, calls: [], recent: [] });
    expect(await clipboardNumber(' +420 777 123 456 ', core.commands)).toEqual({
      dial: '+420777123456',
      display: '+420 777 123 456',
      name: null,
    });
    expect(await clipboardNumber('Dear Jana,', core.commands)).toBeNull();
    expect(await clipboardNumber('', core.commands)).toBeNull();
    expect(await clipboardNumber('1'.repeat(65), core.commands)).toBeNull();
  });
});
