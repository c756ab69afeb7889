import { describe, expect, it, vi } from 'vitest';
import type { CallView, ScreenPop } from '../../../src-main/shared/contract';
import {
  notificationBody,
  screenPopNotificationContent,
  ScreenPopNotifier,
} from '../../../src-main/shell/notifications';
import { fakeNotifications } from '../../fixtures/notifications';

import { unknownCaller } from '../../fixtures/calls';

vi.mock('electron', () => ({ Notification: class {} }));

const pop = unknownCaller;

const jana: ScreenPop['person'] = {
  id: 7,
  name: 'Jana Nováková',
  companies: [{ id: 3, name: 'Smith & Co', role: 'buyer' }],
  numbers: [],
  emails: [],
  note: '',
  fetchedAt: null,
};

describe('screen-pop notification content', () => {
  it('names the person, their company and the number', () => {
    expect(
      screenPopNotificationContent(
        pop({
          person: jana,
          company: { id: 3, name: 'Smith & Co' },
          createContact: null,
          queue: { id: 2, name: 'Support' },
        }),
      ),
    ).toEqual({
      title: 'Jana Nováková is calling',
      body: 'Smith & Co\n+420 777 123 456 · via Support',
      silent: true,
    });
  });

  it('uses the PBX’s name, else the number, for a caller not in the directory', () => {
    expect(screenPopNotificationContent(pop({ callerName: 'ACME reception' }))).toMatchObject({
      title: 'ACME reception is calling',
      body: '+420 777 123 456\nNot in your directory',
    });
    expect(screenPopNotificationContent(pop())).toMatchObject({
      title: '+420 777 123 456 is calling',
      body: 'Not in your directory',
    });
  });

  it('escapes the body where Linux reads it as markup, and only there', () => {
    expect(notificationBody('<b>Smith & Co</b>', 'linux')).toBe('&lt;b&gt;Smith &amp; Co&lt;/b&gt;');
    expect(notificationBody('<b>Smith & Co</b>', 'win32')).toBe('<b>Smith & Co</b>');
  });
});

const ringing = (uniqueid: string, state: CallView['state'] = 'ringing') => ({ uniqueid, state }) as CallView;

describe('ScreenPopNotifier', () => {
  it('shows one notification per call; a click brings that call’s card forward', () => {
    const { made, create } = fakeNotifications();
    const onClick = vi.fn();
    const notifier = new ScreenPopNotifier({ create, onClick });
    notifier.show(pop({ callerName: 'Reception' }));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ shown: true, content: { title: 'Reception is calling' } });
    made[0]!.listeners.get('click')!();
    expect(onClick).toHaveBeenCalledWith('1700000000.1');
  });

  it('is silent unless Settings asks for the sound', () => {
    const { made, create } = fakeNotifications();
    let ringSound = false;
    const notifier = new ScreenPopNotifier({ create, onClick: vi.fn(), ringSound: () => ringSound });
    notifier.show(pop({ uniqueid: '1.1' }));
    ringSound = true;
    notifier.show(pop({ uniqueid: '1.2' }));
    expect(made.map((record) => record.content.silent)).toEqual([true, false]);
  });

  it('withdraws the notification once the call is answered or gone', () => {
    const { made, create } = fakeNotifications();
    const notifier = new ScreenPopNotifier({ create, onClick: vi.fn() });
    notifier.show(pop({ uniqueid: '1.1' }));
    notifier.show(pop({ uniqueid: '1.2' }));
    notifier.callsChanged([ringing('1.1'), ringing('1.2')]);
    expect(made.map((record) => record.closed)).toEqual([false, false]);
    notifier.callsChanged([ringing('1.1', 'connected'), ringing('1.2')]);
    expect(made.map((record) => record.closed)).toEqual([true, false]);
    notifier.callsChanged([]);
    expect(made.map((record) => record.closed)).toEqual([true, true]);
  });
});
