/**
 * The directory commands of AppCore against a real demo PBX and a real cache file: search and cards from the
 * cache, creating a person (POST, fetched back, in the cache at once), replacing their contacts (PATCH with
 * the whole collection), field errors that send nothing; plus the cache file names and the progress throttle.
 */
import { describe, expect, it } from 'vitest';
import { cacheFileName } from '../../../src-main/app/directory/directoryCaches';
import { throttle } from '../../../src-main/app/directory/throttle';
import type { Timers } from '../../../src-main/calls';
import { commandTable, type ContactInput } from '../../../src-main/shared/contract';
import { demoDirectoryCore } from './directoryFixtures';

const scene = demoDirectoryCore();

const phone = (contact: string, label = 'mobile'): ContactInput => ({ type: 1, contact, label });

describe('directory commands', () => {
  it('creates a person on the PBX and finds them by number at once, before any sync', async () => {
    const syncsBefore = (await scene.core.commands['sync:status']()).lastCompletedAt;
    const result = await scene.core.commands['directory:createPerson']({
      firstname: 'Květoslava',
      lastname: 'Nová',
      contacts: [phone('602 555 017'), { type: 2, contact: ' kveta@example.cz ', label: 'work' }],
    });
    expect(result).toMatchObject({ saved: true, person: { name: 'Květoslava Nová' } });
    if (!result.saved) return;
    const { person } = result;

    // On the PBX, in the agent's own group (not the top group, 1), with the contacts as typed (trimmed).
    const stored = await scene.core.pbx.client!.persons.get(person.id);
    const agentGroup = scene.core.agentDirectory.profile!.groupId;
    expect(agentGroup).not.toBe(1);
    expect(stored).toMatchObject({ group_id: agentGroup, displayname: 'Květoslava Nová' });
    expect(stored.contacts.map(({ type, contact, label }) => ({ type, contact, label }))).toEqual([
      { type: 1, contact: '602 555 017', label: 'mobile' },
      { type: 2, contact: 'kveta@example.cz', label: 'work' },
    ]);
    // In the cache: by digits in another format, by name without diacritics, by number lookup.
    const byNumber = await scene.core.commands['directory:search']({ query: '+420602555017' });
    expect(byNumber.persons.items.map((found) => found.id)).toEqual([person.id]);
    expect(
      (await scene.core.commands['directory:search']({ query: 'kvetoslava' })).persons.items[0]?.id,
    ).toBe(person.id);
    expect(scene.core.caches.current!.directory.lookupNumber('00420 602 555 017')[0]).toMatchObject({
      id: person.id,
    });
    expect(person.contacts[0]?.number).toMatchObject({ display: '+420 602 555 017', dial: '+420602555017' });
    expect((await scene.core.commands['sync:status']()).lastCompletedAt).toBe(syncsBefore);
  });

  it('replaces the whole contacts collection, and the cache follows at once', async () => {
    const created = await scene.core.commands['directory:createPerson']({
      firstname: 'Ondřej',
      lastname: 'Přepsaný',
      contacts: [phone('777 400 100'), phone('777 400 200', 'work')],
    });
    if (!created.saved) throw new Error('not created');
    const [first] = created.person.contacts;

    const edited = await scene.core.commands['directory:updateContacts']({
      id: created.person.id,
      contacts: [
        { id: first!.id!, type: 1, contact: '777 400 101', label: 'mobile' },
        { type: 3, contact: 'www.prepsany.cz', label: 'web' },
      ],
    });
    expect(edited.saved).toBe(true);
    const stored = await scene.core.pbx.client!.persons.get(created.person.id);
    expect(stored.contacts.map((contact) => contact.contact)).toEqual(['777 400 101', 'www.prepsany.cz']);
    expect(stored.contacts[0]!.id).toBe(first!.id);
    // The removed and the changed numbers no longer find the person; the new one does.
    expect((await scene.core.commands['directory:search']({ query: '777400200' })).persons.items).toEqual([]);
    expect((await scene.core.commands['directory:search']({ query: '777400100' })).persons.items).toEqual([]);
    expect(
      (await scene.core.commands['directory:search']({ query: '777 400 101' })).persons.items[0]?.id,
    ).toBe(created.person.id);
    expect((await scene.core.commands['directory:person']({ id: created.person.id })).contacts).toHaveLength(
      2,
    );
  });

  it('answers field errors next to their fields and sends nothing', async () => {
    const { total } = await scene.core.pbx.client!.persons.list({ limit: 1 });
    const result = await scene.core.commands['directory:createPerson']({
      firstname: ' ',
      lastname: '',
      contacts: [
        phone('call me maybe'),
        { type: 2, contact: 'not-an-address', label: '' },
        { type: 3, contact: 'javascript:alert(1)', label: '' },
        { type: 0, contact: '  ', label: '' },
        phone('+420 777 123 456'),
      ],
    });
    expect(result).toEqual({
      saved: false,
      errors: [
        { field: 'firstname', message: 'Enter a first name, a last name or a display name.' },
        { field: 'contacts.0.contact', message: '"call me maybe" is not a phone number.' },
        {
          field: 'contacts.1.contact',
          message: '"not-an-address" is not an e-mail address (name@example.com).',
        },
        {
          field: 'contacts.2.contact',
          message: '"javascript:alert(1)" is not a web address (https://example.com).',
        },
        { field: 'contacts.3.contact', message: 'Enter the contact, or remove this row.' },
      ],
    });
    expect((await scene.core.pbx.client!.persons.list({ limit: 1 })).total).toBe(total);
  });

  it('keeps a hostile name as plain text, searchable like any other', async () => {
    const result = await scene.core.commands['directory:createPerson']({
      firstname: '<img src=x onerror=alert(1)>',
      lastname: '',
      contacts: [phone('602 555 666')],
    });
    if (!result.saved) throw new Error('not created');
    expect(result.person.name).toBe('<img src=x onerror=alert(1)>');
    expect((await scene.core.commands['directory:search']({ query: 'onerror' })).persons.items[0]?.name).toBe(
      '<img src=x onerror=alert(1)>',
    );
  });

  it('says not-found for a person or company the cache does not have', async () => {
    await expect(scene.core.commands['directory:person']({ id: 999_999 })).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(scene.core.commands['directory:company']({ id: 999_999 })).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('shows a company card with its members', async () => {
    const { items } = await scene.core.pbx.client!.companies.list({ limit: 1 });
    const company = await scene.core.pbx.client!.companies.get(items[0]!.id);
    const card = await scene.core.commands['directory:company']({ id: company.id });
    expect(card).toMatchObject({ id: company.id, name: company.name, externalId: company.external_id });
    expect(card.persons.map((member) => member.id).sort()).toEqual(
      company.persons.map((member) => member.person_id).sort(),
    );
  });

  it('refuses malformed arguments before they reach the service', () => {
    expect(commandTable['directory:search'].args.safeParse({ query: 'x'.repeat(201) }).success).toBe(false);
    expect(commandTable['directory:person'].args.safeParse({ id: -1 }).success).toBe(false);
    expect(
      commandTable['directory:updateContacts'].args.safeParse({
        id: 1,
        contacts: [{ type: 9, contact: 'x', label: '' }],
      }).success,
    ).toBe(false);
    expect(
      commandTable['directory:createPerson'].args.safeParse({
        firstname: 'a',
        lastname: 'b',
        contacts: [],
        admin: true,
      }).success,
    ).toBe(false);
    expect(commandTable['sync:run'].args.safeParse(undefined).success).toBe(true);
  });
});

describe('cache file names', () => {
  it('gives the demo PBX one file whatever its port, and each configured PBX its own', () => {
    expect(cacheFileName({ kind: 'demo', baseUrl: 'http://127.0.0.1:41234/api/v1.0' })).toBe(
      'directory-demo.sqlite',
    );
    const a = cacheFileName({ kind: 'configured', baseUrl: 'https://pbx.example.com/api/v1.0' });
    expect(a).toMatch(/^directory-pbx\.example\.com-[0-9a-f]{10}\.sqlite$/);
    expect(cacheFileName({ kind: 'configured', baseUrl: 'https://PBX.example.com/api/v1.0/' })).toBe(a);
    expect(cacheFileName({ kind: 'configured', baseUrl: 'https://pbx.example.com:8443/api/v1.0' })).not.toBe(
      a,
    );
    expect(cacheFileName({ kind: 'configured', baseUrl: 'https://../../etc/passwd' })).toMatch(
      /^directory-[a-z0-9._-]+\.sqlite$/,
    );
  });
});

describe('the progress throttle', () => {
  it('passes the first request at once and folds the rest of each interval into one trailing call', () => {
    let now = 0;
    const pending: (() => void)[] = [];
    const timers: Timers = {
      setTimeout: (callback) => pending.push(callback),
      clearTimeout: () => pending.splice(0),
    };
    const calls: number[] = [];
    const throttled = throttle(() => calls.push(now), 200, timers, { now: () => now });
    for (now = 0; now < 200; now += 10) throttled.request();
    expect(calls).toEqual([0]);
    expect(pending).toHaveLength(1);
    now = 200;
    pending.shift()!();
    expect(calls).toEqual([0, 200]);
    throttled.flush();
    expect(calls).toEqual([0, 200, 200]);
  });
});
