/** The ringing call's notification, worded once for the desktop and the browser host. */
import { afterEach, describe, expect, it } from 'vitest';
import { setActiveLocale, t } from '../../../src-main/shared/i18n';
import { ringingCallNotification } from '../../../src-main/shared/ringingNotification';
import { screenPop, unknownCaller } from '../../fixtures/calls';

afterEach(() => setActiveLocale('en'));

const quiet = { t, ringSound: false, canAnswer: false };

describe('the ringing call notification', () => {
  it('names the person, their company, the number and the queue', () => {
    expect(ringingCallNotification(screenPop(), quiet)).toEqual({
      title: 'Jana Nováková is calling',
      body: 'Nováková Trading\n+420 777 123 456 · via Support',
      silent: true,
      actions: [],
    });
  });

  it('names a company calling from its own number without repeating it as the company line', () => {
    const pop = unknownCaller({ company: { id: 3, name: 'Smith & Co' }, createContact: null });
    expect(ringingCallNotification(pop, quiet)).toMatchObject({
      title: 'Smith & Co is calling',
      body: '+420 777 123 456',
    });
  });

  it('uses the PBX’s name, else the number, for a caller not in the directory', () => {
    expect(ringingCallNotification(unknownCaller({ callerName: ' ACME ' }), quiet)).toMatchObject({
      title: 'ACME is calling',
      body: '+420 777 123 456\nNot in your directory',
    });
    expect(ringingCallNotification(unknownCaller({ queue: { id: 7, name: null } }), quiet)).toMatchObject({
      title: '+420 777 123 456 is calling',
      body: 'via queue 7\nNot in your directory',
    });
  });

  it('plays the sound only when the agent asked for it, and offers Answer only where the host can', () => {
    const loud = ringingCallNotification(screenPop(), { t, ringSound: true, canAnswer: true });
    expect(loud.silent).toBe(false);
    expect(loud.actions).toEqual([{ action: 'answer', title: 'Answer' }]);
  });

  it('speaks the language in use', () => {
    setActiveLocale('sk');
    expect(ringingCallNotification(unknownCaller({ callerName: 'ACME recepcia' }), quiet)).toMatchObject({
      title: 'Volá ACME recepcia',
      body: '+420 777 123 456\nNie je vo vašom adresári',
    });
  });
});
