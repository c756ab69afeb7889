/** The browser host's call notification: its words, one per ringing call, withdrawn when it stops ringing. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallView, ScreenPop } from '../../src-main/shared/contract';
import {
  callNotificationContent,
  notifyRingingCalls,
} from '../../src-renderer/lib/browser/callNotifications';
import { installFakeRingside } from './fakeRingside';

const pop = (overrides: Partial<ScreenPop> = {}): ScreenPop => ({
  uniqueid: '1700000000.1',
  number: { display: '+420 777 123 456', e164: '+420777123456', raw: '777123456', dial: '+420777123456' },
  callerName: '',
  queue: null,
  person: null,
  company: null,
  user: null,
  matches: [],
  recentCalls: [],
  createContact: { number: '+420777123456' },
  refreshed: false,
  ...overrides,
});

const person = {
  id: 7,
  name: 'Jana Nováková',
  companies: [],
  numbers: [],
  emails: [],
  note: '',
  fetchedAt: null,
};

describe('the call notification', () => {
  it('names who is calling: the directory, else the PBX, else the number', () => {
    expect(callNotificationContent(pop({ person, queue: { id: 3, name: 'Support' } }))).toEqual({
      title: 'Jana Nováková is calling',
      body: '+420 777 123 456 · via Support',
    });
    expect(callNotificationContent(pop({ callerName: ' ACME ', queue: { id: 3, name: null } }))).toEqual({
      title: 'ACME is calling',
      body: '+420 777 123 456 · via queue 3 · Not in your directory',
    });
    expect(callNotificationContent(pop())).toEqual({
      title: '+420 777 123 456 is calling',
      body: 'Not in your directory',
    });
  });

  describe('shown by the page', () => {
    afterEach(() => vi.unstubAllGlobals());

    function follow(permission: NotificationPermission) {
      vi.stubGlobal(
        'Notification',
        Object.assign(function () {}, { permission }),
      );
      const server = installFakeRingside({});
      const made: { title: string; options: NotificationOptions; target: EventTarget; closed: boolean }[] =
        [];
      const clicked: string[] = [];
      const stop = notifyRingingCalls({
        onClick: (uniqueid) => clicked.push(uniqueid),
        create(title, options) {
          const target = new EventTarget();
          const entry = { title, options, target, closed: false };
          made.push(entry);
          return Object.assign(target, { close: () => (entry.closed = true) }) as unknown as Notification;
        },
      });
      return { server, made, clicked, stop };
    }

    const ringing = (state: CallView['state']) => [{ uniqueid: '1700000000.1', state } as CallView];

    it('shows one per ringing call once allowed, withdraws it when the call stops ringing', () => {
      const { server, made, clicked, stop } = follow('granted');
      server.emit('screenpop:show', pop({ person }));
      expect(made.map(({ title, options }) => [title, options.tag])).toEqual([
        ['Jana Nováková is calling', 'ringside-call-1700000000.1'],
      ]);
      server.emit('calls:changed', ringing('ringing'));
      expect(made[0]!.closed).toBe(false);
      made[0]!.target.dispatchEvent(new Event('click'));
      expect(clicked).toEqual(['1700000000.1']);

      server.emit('screenpop:show', pop());
      server.emit('calls:changed', ringing('connected'));
      expect(made.map((entry) => entry.closed)).toEqual([true, true]);
      stop();
    });

    it('shows nothing until the agent allowed it', () => {
      const { server, made, stop } = follow('default');
      server.emit('screenpop:show', pop());
      expect(made).toEqual([]);
      stop();
    });
  });
});
