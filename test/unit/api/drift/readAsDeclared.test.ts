/**
 * The rules of reading a drifted answer, one by one: which conversions are safe, which fallback a field
 * takes, when an item is left out, when the answer is refused, and what is logged.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ServerError } from '../../../../src-main/api';
import { DriftReporter } from '../../../../src-main/api/driftReporter';
import { Contact, Person, PersonListItem, User } from '../../../../src-main/api/schemas';
import { withFallback } from '../../../../src-main/api/schemas/withFallback';
import { exampleOf } from '../exampleOf';
import { clientFor, fakePbx, ok, recordingLogger } from '../fakePbx';

const CONTEXT = { method: 'GET', path: '/test' };

function read<S extends z.ZodType>(schema: S, value: unknown, name = 'answer') {
  const { logger, lines } = recordingLogger();
  const result = new DriftReporter(logger).parse(schema, value, name, CONTEXT);
  return { result, lines };
}

describe('safe conversions', () => {
  it.each([
    ['text', z.string(), 420777123456, '420777123456'],
    ['text', z.string(), 1e21, '1000000000000000000000'],
    ['text', z.string(), 2.5, '2.5'],
    ['an int', z.number().int(), '42', 42],
    ['an int', z.number().int(), ' -7 ', -7],
    ['a number', z.number(), '4.25', 4.25],
    ['a boolean', z.boolean(), 'true', true],
    ['a boolean', z.boolean(), 'false', false],
    ['a boolean', z.boolean(), 1, true],
    ['a boolean', z.boolean(), '0', false],
    ['a numeric code', z.union([z.literal(0), z.literal(1)]), '1', 1],
    ['a text code', z.enum(['1', '2']), 2, '2'],
  ])('where %s is declared, reads %# %j', (_label, schema, sent, expected) => {
    const { result, lines } = read(z.object({ field: schema }), { field: sent });
    expect(result).toEqual({ field: expected });
    expect(lines).toEqual([
      expect.stringMatching(
        /^warn PBX field answer\.field drifted: expected .+, got \w+; converted \(GET \/test\)$/,
      ),
    ]);
  });

  it.each([
    ['nullable text', z.string().nullable(), true, null],
    ['text', z.string(), { text: 'x' }, ''],
    ['a boolean', z.boolean(), 'yes', false],
    ['a list', z.array(z.string()), 'a, b', []],
    ['a map', z.record(z.string(), z.unknown()), 'x', {}],
    ['an int with fallback 0', withFallback(z.number().int(), 0), '4.5', 0],
    ['an int with fallback 0', withFallback(z.number().int(), 0), true, 0],
  ])(
    'where %s is declared, replaces %j (no safe conversion) by its fallback',
    (_label, schema, sent, expected) => {
      const { result } = read(z.object({ field: schema }), { field: sent });
      expect(result).toEqual({ field: expected });
    },
  );

  it('reads an empty list where a map is declared as the empty map (how PHP encodes one)', () => {
    expect(read(z.looseObject({ data: z.record(z.string(), z.unknown()) }), { data: [] }).result).toEqual({
      data: {},
    });
  });

  it('gives a field of open type that is missing the value null, and leaves an optional one out', () => {
    const schema = z.object({ open: z.unknown(), optional: z.string().optional() });
    expect(read(schema, {}).result).toEqual({ open: null });
  });

  it('never lets a key of the answer become the prototype of what it hands on', () => {
    const sent = JSON.parse('{"id": "1", "__proto__": {"polluted": true}}') as unknown;
    const { result } = read(z.looseObject({ id: z.number() }), sent);
    expect(result).toEqual({ id: 1 });
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });
});

describe('items without what identifies them', () => {
  it('leaves out a list item whose id cannot be read, keeps the others, and says so once', () => {
    const good = exampleOf(PersonListItem);
    const sent = [{ ...good, id: 'x' }, good, { ...good, id: null }];
    const { logger, lines } = recordingLogger();
    const drift = new DriftReporter(logger);
    expect(drift.parse(z.array(PersonListItem), sent, 'persons', CONTEXT)).toEqual([good]);
    drift.parse(z.array(PersonListItem), sent, 'persons', CONTEXT);
    expect(lines).toEqual([
      'warn PBX field persons[].id drifted: expected number, got string; its persons[] item left out (GET /test)',
    ]);
  });

  it('leaves out one contact, not the person, when the contact cannot be read', () => {
    const person = exampleOf(Person);
    const contacts = [
      { type: 9, contact: '+420777123456' },
      { type: 1, contact: '+420601000000' },
    ];
    const { result } = read(Person, { ...person, contacts });
    expect(result.contacts).toEqual([Contact.parse(contacts[1])]);
  });

  it('refuses a single record whose id cannot be read: no caller could use it', () => {
    expect(() => read(User, { ...exampleOf(User), id: null }, 'user')).toThrow(ServerError);
    expect(() => read(User, { ...exampleOf(User), id: null }, 'user')).toThrow(
      'The PBX answered the request unexpectedly: expected number at user.id but got null.',
    );
  });
});

describe('the failures the review found, through the client', () => {
  it('reads a contact whose number came as a JSON number as its text', async () => {
    const pbx = fakePbx();
    const person = { ...exampleOf(Person), contacts: [{ type: 1, contact: 420777123456, label: '' }] };
    pbx.on('GET', '/api/v1.0/crm/person/1', () => ok(person));
    const { client } = clientFor(pbx);
    const received = await client.persons.get(1);
    expect(received.contacts).toEqual([{ type: 1, contact: '420777123456', label: '' }]);
  });

  it('reads a user whose display name is null with an empty one', async () => {
    const pbx = fakePbx();
    pbx.on('GET', '/api/v1.0/user/3', () => ok({ ...exampleOf(User), id: 3, displayname: null }));
    const { client } = clientFor(pbx);
    expect((await client.users.get(3)).displayname).toBe('');
  });

  it('reads a call whose caller number came as a JSON number as its text', async () => {
    const pbx = fakePbx();
    pbx.on('GET', '/api/v1.0/call', () =>
      ok([{ uniqueid: '1700000000.1', state: 1, caller_number: 420777123456 }]),
    );
    const { client } = clientFor(pbx);
    const [call] = await client.listCalls({ identifier: 'desk-1' });
    expect(call?.caller_number).toBe('420777123456');
  });
});
