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
import { callView, confirmOutcome } from '../../fixtures/calls';
import { spyLogger } from '../../support/spyLogger';

const electron = vi.hoisted(() => {
  class FakeTray {
    static readonly instances: FakeTray[] = [];
    menu: { template: unknown } | undefined;
    tooltip = '';
    destroyed = false;
    /** The menus popped up by hand (macOS, Windows), newest last. */
    readonly popped: { template: unknown }[] = [];
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
    popUpContextMenu(menu: { template: unknown }) {
      this.popped.push(menu);
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

  it('offers the copied number unread where the menu cannot be read as it opens (Linux)', () => {
    const items = trayMenuModel(input({ clipboard: 'unread' }));
    expect(actionOf(items, 'Dial the copied number')).toEqual({ type: 'dial-clipboard' });
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
  const requested: string[] = [];
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
    desktop: {
      requestDial: async (text) => {
        requested.push(text);
        return /^\+?[\d ]+$/.test(text)
          ? confirmOutcome('shortcut', text.replace(/ /g, ''))
          : { status: 'refused', reason: `"${text}" is not a phone number.` };
      },
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    core,
    requested,
    emit: (channel: 'calls:changed' | 'connection:state') =>
      listeners.forEach((listener) => listener(channel, null as never)),
    listeners,
  };
}

describe('TrayController', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const labelsOf = (menu: { template: unknown } | undefined) =>
    ((menu?.template ?? []) as { label?: string }[]).map((item) => item.label ?? '—');
  const menuLabels = (tray: InstanceType<typeof electron.Tray>) => labelsOf(tray.menu);

  function controller(platform: NodeJS.Platform, clipboardText = '+420 777 123 456') {
    const state = { connection: connected, calls: [] as CallView[], recent: recent(1) };
    const fake = fakeCore(state);
    const clipboard = { text: clipboardText, reads: 0 };
    const problem = vi.fn();
    const run = vi.fn();
    const tray = new TrayController({
      iconPath: '/app/resources/tray.png',
      core: fake.core,
      readClipboard: async () => {
        clipboard.reads++;
        return clipboard.text;
      },
      run,
      problem,
      logger: spyLogger(),
      platform,
    });
    return { ...fake, state, clipboard, problem, run, tray, icon: electron.Tray.instances.at(-1)! };
  }

  it.each(['linux', 'darwin', 'win32'] as const)(
    'never reads the clipboard while idle (%s), however long and whatever changes',
    async (platform) => {
      const { clipboard, emit, state, tray, icon } = controller(platform);
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      state.calls = [call()];
      emit('calls:changed');
      emit('connection:state');
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      await vi.waitFor(() => expect(icon.tooltip).toBe('Ringside: Connected · Connected: Jana Nováková'));
      expect(clipboard.reads).toBe(0);
      tray.dispose();
    },
  );

  it.each([
    ['darwin', ['click', 'right-click']],
    ['win32', ['right-click']],
  ] as const)(
    'on %s builds the menu on the click that opens it, reading the clipboard then',
    async (platform, clicks) => {
      const { clipboard, icon, tray } = controller(platform);
      await vi.advanceTimersByTimeAsync(0);
      // No context menu is set: the OS would open it by itself, with whatever number it held.
      expect(icon.menu).toBeUndefined();
      for (const [index, click] of clicks.entries()) {
        icon.listeners.get(click)!();
        await vi.waitFor(() => expect(icon.popped).toHaveLength(index + 1));
        expect(labelsOf(icon.popped.at(-1))).toContain('Dial +420 777 123 456');
        expect(clipboard.reads).toBe(index + 1);
      }
      clipboard.text = 'Dear Jana,';
      icon.listeners.get('right-click')!();
      await vi.waitFor(() => expect(icon.popped).toHaveLength(clicks.length + 1));
      expect(labelsOf(icon.popped.at(-1))).toContain('Dial clipboard number (no number copied)');
      tray.dispose();
    },
  );

  it('on Linux, where the menu opens unheard, names no number and reads the clipboard when chosen', async () => {
    const { clipboard, icon, requested, problem, run, tray } = controller('linux');
    await vi.waitFor(() => expect(menuLabels(icon)).toContain('Dial the copied number'));
    expect(clipboard.reads).toBe(0);
    const item = (icon.menu!.template as { label: string; click?: () => void }[]).find(
      (candidate) => candidate.label === 'Dial the copied number',
    )!;

    item.click!();
    await vi.waitFor(() => expect(requested).toEqual(['+420 777 123 456']));
    expect(clipboard.reads).toBe(1);
    expect(run).not.toHaveBeenCalled();
    expect(problem).not.toHaveBeenCalled();

    clipboard.text = 'Dear Jana,';
    item.click!();
    await vi.waitFor(() =>
      expect(problem).toHaveBeenCalledWith('Ringside did not dial', '"Dear Jana," is not a phone number.'),
    );
    clipboard.text = '  ';
    item.click!();
    await vi.waitFor(() => expect(problem).toHaveBeenCalledWith('Nothing to dial', expect.any(String)));
    tray.dispose();
  });

  it('rebuilds the Linux menu when the calls or the connection change', async () => {
    const { emit, state, icon, listeners, tray } = controller('linux');
    expect(icon.image).toEqual({ path: '/app/resources/tray.png' });
    await vi.waitFor(() => expect(menuLabels(icon)).toContain('Dial the copied number'));

    state.calls = [call()];
    emit('calls:changed');
    await vi.waitFor(() => expect(menuLabels(icon)).toContain('Hang up Jana Nováková (Connected)'));
    expect(icon.tooltip).toBe('Ringside: Connected · Connected: Jana Nováková');

    state.connection = { status: 'offline', message: 'The PBX did not answer.', since: 2 };
    emit('connection:state');
    await vi.waitFor(() => expect(menuLabels(icon)[0]).toBe('Offline: The PBX did not answer.'));

    tray.dispose();
    expect(icon.destroyed).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('shows the window on a double click of the icon', () => {
    const { icon, run, tray } = controller('linux');
    icon.listeners.get('double-click')!();
    expect(run).toHaveBeenCalledWith({ type: 'show-window' });
    tray.dispose();
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
