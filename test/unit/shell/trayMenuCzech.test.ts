/**
 * The tray in Czech: the menu model and tooltip worded from the catalogues (plurals the Czech way), and a
 * language switch that rebuilds the menu at once, with no other event (the Linux tray keeps a built menu).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventListener } from '../../../src-main/app/eventHub';
import { setActiveLocale } from '../../../src-main/shared/i18n';
import type { ConnectionState, MyQueue, QueuesView } from '../../../src-main/shared/contract';
import { DialShortcut } from '../../../src-main/shell/shortcut';
import { TrayController, type TrayCore } from '../../../src-main/shell/tray';
import { trayMenuModel, trayTooltip, type TrayMenuItem } from '../../../src-main/shell/trayMenu';
import { callView } from '../../fixtures/calls';
import { spyLogger } from '../../support/spyLogger';
import { Tray } from './surfacesElectron';

vi.mock('electron', () => import('./surfacesElectron'));

afterEach(() => setActiveLocale('en'));

const offline: ConnectionState = { status: 'offline', message: 'Ústředna neodpovídá.', since: 1 };
const connected: ConnectionState = { status: 'connected', message: '', since: 1 };

function queue(id: number, paused: boolean): MyQueue {
  const common = {
    number: null,
    type: 'unknown',
    priority: null,
    queueActive: true,
    callersWaiting: 0,
  } as const;
  return { ...common, id, name: `Podpora ${id}`, paused };
}

function queues(waiting: number, list: MyQueue[], awayPause?: number[]): QueuesView {
  return {
    status: 'ready',
    queues: list,
    waiting,
    awayPause: awayPause ? { queueIds: awayPause } : null,
  } as unknown as QueuesView;
}

function labels(items: readonly TrayMenuItem[]): string[] {
  return items.flatMap((item) =>
    item.kind === 'separator'
      ? []
      : item.kind === 'submenu'
        ? [item.label, ...labels(item.items)]
        : [item.label],
  );
}

describe('the tray menu in Czech', () => {
  it('words every item in Czech', () => {
    setActiveLocale('cs');
    const items = labels(
      trayMenuModel({
        connection: offline,
        calls: [],
        recent: [],
        queues: queues(0, [queue(1, false), queue(2, true)], [2]),
        clipboard: null,
      }),
    );
    expect(items).toEqual(
      expect.arrayContaining([
        'Offline: Ústředna neodpovídá.',
        'Vytočit číslo ze schránky (není zkopírováno žádné číslo)',
        'Znovu vytočit',
        'Zatím nebylo vytočeno žádné číslo',
        'Moje fronty: aktivní 1 z 2',
        'Pozastavit Podpora 1',
        'Zrušit pauzu: Podpora 2',
        'Pozastavit všechny',
        'Zrušit pauzu všech front',
        'Zobrazit přehled front',
        'Zrušit pauzu fronty pozastavené během vaší nepřítomnosti',
        'Zobrazit Ringside',
        'Ukončit Ringside',
      ]),
    );
  });

  it('counts waiting callers with Czech plurals', () => {
    setActiveLocale('cs');
    const summary = (waiting: number) =>
      labels(
        trayMenuModel({
          connection: connected,
          calls: [],
          recent: [],
          queues: queues(waiting, [queue(1, false)]),
          clipboard: null,
        }),
      ).find((label) => label.startsWith('Moje fronty'));
    expect(summary(1)).toBe('Moje fronty: aktivní 1 z 1 · 1 volající čeká');
    expect(summary(3)).toBe('Moje fronty: aktivní 1 z 1 · 3 volající čekají');
    expect(summary(5)).toBe('Moje fronty: aktivní 1 z 1 · 5 volajících čeká');
    expect(trayTooltip({ connection: connected, calls: [], queues: queues(2, [queue(1, false)]) })).toBe(
      'Ringside: Připojeno · Ve vašich frontách čekají 2 volající',
    );
  });

  it('offers to dial the copied number and to hang up in Czech', () => {
    setActiveLocale('cs');
    const items = labels(
      trayMenuModel({
        connection: connected,
        calls: [callView()],
        recent: [],
        clipboard: { dial: '+420777123456', display: '+420 777 123 456', name: 'Petr Svoboda' },
      }),
    );
    expect(items).toContain('Vytočit +420 777 123 456 (Petr Svoboda)');
    expect(items.some((label) => label.startsWith('Zavěsit: Jana Nováková'))).toBe(true);
  });
});

describe('a language switch', () => {
  it('rebuilds the tray menu and tooltip at once', async () => {
    const listeners = new Set<EventListener>();
    const core: TrayCore = {
      commands: {
        'connection:get': async () => connected,
        'calls:list': async () => [],
        'dial:recent': async () => [],
        'dial:resolve': async () => ({ ok: false, reason: 'none' }) as never,
      },
      desktop: { requestDial: async () => ({ status: 'refused', reason: 'none' }) },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const tray = new TrayController({
      iconPath: '/app/resources/tray.png',
      core,
      readClipboard: async () => '',
      run: () => {},
      logger: spyLogger(),
      platform: 'linux',
    });
    const icon = Tray.instances.at(-1)!;
    const menuLabels = () => ((icon.menu?.template ?? []) as { label?: string }[]).map((item) => item.label);
    await vi.waitFor(() => expect(menuLabels()).toContain('Dial the copied number'));
    expect(icon.tooltip).toBe('Ringside: Connected');

    setActiveLocale('cs');
    await vi.waitFor(() => expect(menuLabels()).toContain('Vytočit zkopírované číslo'));
    expect(menuLabels()).toContain('Ukončit Ringside');
    expect(icon.tooltip).toBe('Ringside: Připojeno');

    tray.dispose();
    setActiveLocale('sk');
    await new Promise((resolve) => setTimeout(resolve, 10));
    // A disposed tray no longer follows the language.
    expect(menuLabels()).toContain('Vytočit zkopírované číslo');
  });

  it('words the dial shortcut’s status again and reports it', () => {
    const reported: string[] = [];
    const shortcut = new DialShortcut({
      globalShortcut: { register: () => true, unregister: () => {} },
      onPressed: () => {},
      report: (status) => reported.push(status.message),
      logger: spyLogger(),
      platform: 'linux',
    });
    shortcut.apply('CommandOrControl+Alt+D');
    setActiveLocale('cs');
    expect(reported).toEqual([
      'Press Ctrl+Alt+D in any application to dial the selected or copied number.',
      'Stiskněte Ctrl+Alt+D v libovolné aplikaci a vytočí se označené nebo zkopírované číslo.',
    ]);
    shortcut.dispose();
    setActiveLocale('sk');
    expect(reported).toHaveLength(2);
  });
});
