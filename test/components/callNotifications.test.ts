/**
 * The browser host's call notification: one per ringing call, withdrawn when it stops ringing, with a sound
 * only when Settings asks for one (its words: test/unit/shared/ringingNotification.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallView } from '../../src-main/shared/contract';
import { notifyRingingCalls } from '../../src-renderer/lib/browser/callNotifications';
import { screenPop, unknownCaller } from '../fixtures/calls';
import { settingsView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';

const pop = unknownCaller;
const person = screenPop().person;

describe('the call notification', () => {
  describe('shown by the page', () => {
    afterEach(() => vi.unstubAllGlobals());

    function follow(permission: NotificationPermission, ringSound = false) {
      vi.stubGlobal(
        'Notification',
        Object.assign(function () {}, { permission }),
      );
      const server = installFakeRingside({ 'settings:get': () => ok(settingsView({ ringSound })) });
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

    it('is silent unless the agent asked for a sound, and follows a change of the setting', async () => {
      const { server, made, stop } = follow('granted', true);
      await new Promise((resolve) => setTimeout(resolve, 0)); // the settings are read
      server.emit('screenpop:show', pop({ person }));
      server.emit('settings:changed', settingsView({ ringSound: false }));
      server.emit('screenpop:show', pop({ person, uniqueid: '1700000000.2' }));
      expect(made.map(({ options }) => options.silent)).toEqual([false, true]);
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
