/** The seeded data: same seed → same data, different seed → different data; names and numbers as in life. */
import { describe, expect, it } from 'vitest';
import { startTestPbx, type TestClient } from './helpers';

const first = await startTestPbx({ seed: 7, persons: 300 });
const same = await startTestPbx({ seed: 7, persons: 300 });
const other = await startTestPbx({ seed: 8, persons: 300 });

async function snapshot(client: TestClient) {
  const persons = (await client.get('/crm/persons', { query: { limit: 1000 } })).body.data;
  const details = await Promise.all(
    [1, 2, 150, 300].map(async (id) => (await client.get(`/crm/person/${id}`)).body.data),
  );
  const users = await Promise.all(
    ((await client.get('/users')).body.data as { id: number }[]).map(
      async (user) => (await client.get(`/user/${user.id}`)).body.data,
    ),
  );
  const companies = (await client.get('/crm/companies', { query: { limit: 1000 } })).body.data;
  return { persons, details, users, companies, phone: client.pbx.agent, credentials: client.pbx.credentials };
}

describe('determinism', () => {
  it('gives the same persons, users, companies, agent phone and credentials for the same seed', async () => {
    expect(await snapshot(same.client)).toEqual(await snapshot(first.client));
  });

  it('gives different data for a different seed', async () => {
    const [a, b] = await Promise.all([snapshot(first.client), snapshot(other.client)]);
    expect(b.persons).not.toEqual(a.persons);
    expect(b.users.map((user: { username: string }) => user.username)).not.toEqual(
      a.users.map((user: { username: string }) => user.username),
    );
    expect(b.credentials.clientSecret).not.toBe(a.credentials.clientSecret);
  });

  it('gives a person the same record however many persons are seeded', async () => {
    const small = await startTestPbx({ seed: 7, persons: 20 });
    expect((await small.client.get('/crm/person/5')).body.data).toMatchObject(
      (({ companies: _companies, ...rest }) => rest)((await first.client.get('/crm/person/5')).body.data),
    );
  });
});

describe('what the seeded directory looks like', () => {
  it('has Czech, Slovak and English names', async () => {
    const persons = (await first.client.get('/crm/persons', { query: { limit: 300 } })).body.data as {
      lastname: string;
    }[];
    const feminineCzechOrSlovak = persons.filter((person) => /ová$/.test(person.lastname)).length;
    const withDiacritics = persons.filter((person) => /[áčďéěíňóřšťúůýž]/i.test(person.lastname)).length;
    const plainAscii = persons.filter((person) => /^[A-Za-z' -]+$/.test(person.lastname)).length;
    expect(feminineCzechOrSlovak).toBeGreaterThan(30);
    expect(withDiacritics).toBeGreaterThan(60);
    expect(plainAscii).toBeGreaterThan(20);
  });

  it('writes phone numbers in mixed real-world formats, with 1–3 per person, e-mails and web contacts', async () => {
    const contacts: { type: number; contact: string }[] = [];
    for (let id = 1; id <= 120; id++) {
      const person = (await first.client.get(`/crm/person/${id}`)).body.data;
      const phones = person.contacts.filter((contact: { type: number }) => contact.type === 1).length;
      expect(phones).toBeGreaterThanOrEqual(1);
      expect(phones).toBeLessThanOrEqual(3);
      contacts.push(...person.contacts);
    }
    const numbers = contacts.filter((contact) => contact.type === 1).map((contact) => contact.contact);
    const formats = {
      international: /^\+420 \d{3} \d{3} \d{3}$/,
      doubleZero: /^00421/,
      trunkZeroInBrackets: /\(0\)/,
      national: /^[67]\d{2} \d{3} \d{3}$/,
      british: /^\+44 /,
    };
    for (const [name, pattern] of Object.entries(formats)) {
      expect(
        numbers.some((number) => pattern.test(number)),
        `no ${name} number`,
      ).toBe(true);
    }
    expect(
      contacts.some((contact) => contact.type === 2 && /^[a-z0-9.]+@[a-z0-9.-]+$/.test(contact.contact)),
    ).toBe(true);
    expect(contacts.some((contact) => contact.type === 3 && contact.contact.startsWith('https://'))).toBe(
      true,
    );
  });

  it('seeds 100,000 persons without generating them up front', async () => {
    const big = await startTestPbx({ persons: 100_000 });
    const { body } = await big.client.get('/crm/persons', { query: { limit: 5, offset: 99_995 } });
    expect(body.total).toBe(100_000);
    expect(body.data.map((item: { id: number }) => item.id)).toEqual([
      99_996, 99_997, 99_998, 99_999, 100_000,
    ]);
    expect((await big.client.get('/crm/person/100000')).body.data.contacts.length).toBeGreaterThan(0);
  });
});

describe('directory-scale options', () => {
  it('gives every person at least minPhonesPerPerson numbers, and otherwise the same person', async () => {
    const { client } = await startTestPbx({ seed: 7, persons: 300, minPhonesPerPerson: 2 });
    const phonesOf = (person: { contacts: { type: number }[] }) =>
      person.contacts.filter((contact) => contact.type === 1).length;
    const counts = await Promise.all(
      [1, 2, 50, 150, 299].map(async (id) => phonesOf((await client.get(`/crm/person/${id}`)).body.data)),
    );
    for (const count of counts) expect(count).toBeGreaterThanOrEqual(2);
    expect(counts.every((count) => count <= 3)).toBe(true);
    // Names do not depend on the option.
    const name = async (c: TestClient) => (await c.get('/crm/person/150')).body.data.displayname;
    expect(await name(client)).toBe(await name(first.client));
  });

  it('adds staff users, each with its own phone extension, and leaves the seeded organisation as it was', async () => {
    const { client } = await startTestPbx({ seed: 7, persons: 10, staff: 2_000 });
    const users = (await client.get('/users')).body.data as { id: number }[];
    const seededUsers = (await first.client.get('/users')).body.data as { id: number }[];
    expect(users).toHaveLength(seededUsers.length + 2_000);
    expect(users.slice(0, seededUsers.length)).toEqual(seededUsers);

    const extensions = (await client.get('/extensions', { query: { type: 'phone' } })).body.data as {
      id: number;
      number: string;
    }[];
    const staffNumbers = extensions
      .map((extension) => extension.number)
      .filter((n) => /^[2-3]\d{3}$/.test(n));
    expect(new Set(staffNumbers).size).toBe(2_000);
    const last = (await client.get(`/user/${users.at(-1)!.id}`)).body.data;
    expect(extensions.find((extension) => extension.id === last.primary_extension)?.number).toBe('3999');
  });

  it('refuses out-of-range values, naming the option', async () => {
    await expect(startTestPbx({ minPhonesPerPerson: 4 })).rejects.toThrow(
      /minPhonesPerPerson must be an integer from 1 to 3/,
    );
    await expect(startTestPbx({ staff: 2_001 })).rejects.toThrow(/staff must be an integer from 0 to 2000/);
  });
});
