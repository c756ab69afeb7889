/** The micro CRM: persons and companies, pages with total, create, overwrite, delete. */
import { describe, expect, it } from 'vitest';
import { Company, CompanyListItem, Person, PersonListItem } from '../../src-main/api/schemas';
import { expectFailure, startTestPbx, type Json } from './helpers';

const PERSONS = 250;
const { client } = await startTestPbx({ persons: PERSONS });

describe('GET /crm/persons', () => {
  it('gives the first 100 list items and the total by default', async () => {
    const { body } = await client.get('/crm/persons');
    expect(body.success).toBe(true);
    expect(body.total).toBe(PERSONS);
    const items = PersonListItem.array().parse(body.data);
    expect(items).toHaveLength(100);
    expect(items[0]!.id).toBe(1);
    expect(Object.keys(items[0]!).sort()).toEqual(
      ['displayname', 'external_id', 'firstname', 'group_id', 'id', 'lastname'].sort(),
    );
  });

  it('pages with limit and offset, and the pages join up without gaps or repeats', async () => {
    const ids: number[] = [];
    for (let offset = 0; offset < PERSONS; offset += 70) {
      const { body } = await client.get('/crm/persons', { query: { limit: 70, offset } });
      expect(body.total).toBe(PERSONS);
      ids.push(...body.data.map((item: { id: number }) => item.id));
    }
    expect(ids).toEqual(Array.from({ length: PERSONS }, (_, index) => index + 1));
    expect((await client.get('/crm/persons', { query: { offset: PERSONS } })).body.data).toEqual([]);
  });

  it.each([
    [{ limit: 1001 }, /^limit: /],
    [{ limit: 0 }, /^limit: /],
    [{ offset: -1 }, /^offset: /],
    [{ limit: 'ten' }, /^limit: /],
  ])('refuses %j with 400 naming the parameter', async (query, message) => {
    expectFailure(await client.get('/crm/persons', { query }), 400, message);
  });

  it('accepts the maximum page size of 1000', async () => {
    const { body } = await client.get('/crm/persons', { query: { limit: 1000 } });
    expect(body.data).toHaveLength(PERSONS);
  });
});

describe('GET /crm/person/{id}', () => {
  it('gives a person with contacts and the read-only collections', async () => {
    const person = Person.parse((await client.get('/crm/person/7')).body.data);
    expect(person.id).toBe(7);
    expect(person.displayname).toBe(`${person.firstname} ${person.lastname}`);
    expect(person.contacts.some((contact) => contact.type === 1)).toBe(true);
    for (const contact of person.contacts) expect(Number.isInteger(contact.id)).toBe(true);
  });

  it('finds a person by external id', async () => {
    const withExternal = (await client.get('/crm/persons')).body.data.find(
      (item: { external_id: string | null }) => item.external_id !== null,
    );
    const { body } = await client.get(`/crm/person/external/${withExternal.external_id}`);
    expect(body.data.id).toBe(withExternal.id);
  });

  it('lists the companies a person belongs to', async () => {
    const companies = (await client.get('/crm/companies')).body.data as { id: number }[];
    const company = (await client.get(`/crm/company/${companies[0]!.id}`)).body.data;
    const member = company.persons[0];
    const person = (await client.get(`/crm/person/${member.person_id}`)).body.data;
    expect(person.companies).toContainEqual({
      company_id: company.id,
      name: company.name,
      role: member.role,
    });
  });

  it('answers 404 for an unknown person and 400 for a non-numeric id', async () => {
    expectFailure(await client.get('/crm/person/99999'), 404, 'person 99999 not found');
    expectFailure(await client.get('/crm/person/external/NOPE'), 404, /external_id NOPE not found/);
    expectFailure(await client.get('/crm/person/1.5'), 400, /person_id must be a non-negative integer/);
  });
});

describe('POST, PATCH and DELETE /crm/person', () => {
  const contacts = [
    { type: 1, contact: '+420 777 111 222', label: 'mobile' },
    { type: 2, contact: 'jana@example.cz', label: 'work' },
  ];

  it('creates a person with a group and gives its id; total grows', async () => {
    const response = await client.post('/crm/person', {
      group_id: 1,
      firstname: 'Jana',
      lastname: 'Malá',
      contacts,
    });
    expect(response.body.success).toBe(true);
    const id = response.body.data as number;
    expect(id).toBeGreaterThan(PERSONS);
    const person = (await client.get(`/crm/person/${id}`)).body.data;
    expect(person).toMatchObject({ displayname: 'Jana Malá', note: '', external_id: null, data: {} });
    expect(
      person.contacts.map(({ type, contact, label }: Record<string, unknown>) => ({ type, contact, label })),
    ).toEqual(contacts);
    expect((await client.get('/crm/persons', { query: { limit: 1 } })).body.total).toBe(PERSONS + 1);
  });

  it.each([
    [{ firstname: 'No group' }, { group_id: 'group_id is required' }],
    [{ group_id: 42 }, { group_id: 'group 42 does not exist' }],
    [
      { group_id: 1, contacts: [{ type: 7, contact: 'x' }] },
      { contacts: expect.stringMatching(/contacts\[0\]\.type: contact type/) },
    ],
    [
      { group_id: 1, contacts: [{ type: 1, contact: '' }] },
      { contacts: expect.stringMatching(/contact must not be empty/) },
    ],
    [{ group_id: 1, interactions: [] }, { interactions: 'interactions is read-only' }],
  ])('refuses %j with success false and a message per attribute', async (body, messages) => {
    const response = await client.post('/crm/person', body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: false, data: messages });
  });

  it('keeps contacts when PATCH omits them, and replaces them all when PATCH gives them', async () => {
    const id = (
      await client.post('/crm/person', { group_id: 1, firstname: 'Petr', lastname: 'Dlouhý', contacts })
    ).body.data;
    expect((await client.patch(`/crm/person/${id}`, { note: 'VIP' })).body).toEqual({
      success: true,
      data: null,
    });
    let person = (await client.get(`/crm/person/${id}`)).body.data;
    expect(person.note).toBe('VIP');
    expect(person.contacts).toHaveLength(2);

    const kept = person.contacts[0];
    await client.patch(`/crm/person/${id}`, {
      contacts: [kept, { type: 3, contact: 'https://dlouhy.cz', label: 'web' }],
    });
    person = (await client.get(`/crm/person/${id}`)).body.data;
    expect(person.contacts).toHaveLength(2);
    expect(person.contacts[0]).toEqual(kept);
    expect(person.contacts[1]).toMatchObject({ type: 3, contact: 'https://dlouhy.cz' });

    await client.patch(`/crm/person/${id}`, { contacts: [] });
    expect((await client.get(`/crm/person/${id}`)).body.data.contacts).toEqual([]);
  });

  it('edits a seeded person and keeps the edit', async () => {
    await client.patch('/crm/person/3', { firstname: 'Renamed' });
    const person = (await client.get('/crm/person/3')).body.data;
    expect(person.firstname).toBe('Renamed');
    expect(person.displayname).toBe(`Renamed ${person.lastname}`);
    expect((await client.get('/crm/persons', { query: { limit: 3 } })).body.data[2].firstname).toBe(
      'Renamed',
    );
  });

  it('writes nothing when one attribute is invalid', async () => {
    const before = (await client.get('/crm/person/4')).body.data;
    const response = await client.patch('/crm/person/4', { note: 'changed', group_id: -1 });
    expect(response.body).toMatchObject({ success: false, data: { group_id: expect.any(String) } });
    expect((await client.get('/crm/person/4')).body.data).toEqual(before);
  });

  it('refuses an external id another person already has', async () => {
    await client.post('/crm/person', { group_id: 1, external_id: 'EXT-DUP' });
    const response = await client.post('/crm/person', { group_id: 1, external_id: 'EXT-DUP' });
    expect(response.body).toMatchObject({
      success: false,
      data: { external_id: expect.stringMatching(/already used/) },
    });
  });

  it('deletes a person: gone from detail, list and total, and from its companies', async () => {
    const companies = (await client.get('/crm/companies')).body.data as { id: number }[];
    const company = (await client.get(`/crm/company/${companies[1]!.id}`)).body.data;
    const personId = company.persons[0].person_id as number;
    const total = (await client.get('/crm/persons', { query: { limit: 1 } })).body.total as number;

    expect((await client.delete(`/crm/person/${personId}`)).body).toEqual({ success: true, data: null });
    expect((await client.get(`/crm/person/${personId}`)).status).toBe(404);
    const page = (await client.get('/crm/persons', { query: { limit: 1000 } })).body;
    expect(page.total).toBe(total - 1);
    expect(page.data.map((item: { id: number }) => item.id)).not.toContain(personId);
    const after = (await client.get(`/crm/company/${company.id}`)).body.data;
    expect(after.persons.map((member: { person_id: number }) => member.person_id)).not.toContain(personId);
    expectFailure(await client.delete(`/crm/person/${personId}`), 404, /not found/);
  });
});

describe('companies', () => {
  it('lists companies with total, limit and offset', async () => {
    const { body } = await client.get('/crm/companies', { query: { limit: 5, offset: 2 } });
    const items = CompanyListItem.array().parse(body.data);
    expect(items.map((item) => item.id)).toEqual([3, 4, 5, 6, 7]);
    expect(body.total).toBeGreaterThanOrEqual(12);
  });

  it('gives a company with persons and roles, also by external id', async () => {
    const company = Company.parse((await client.get('/crm/company/1')).body.data);
    expect(company.persons.length).toBeGreaterThan(0);
    expect(company.tasks).toEqual([]);
    const byExternal = (await client.get(`/crm/company/external/${company.external_id}`)).body.data;
    expect(byExternal).toEqual(company);
    expectFailure(await client.get('/crm/company/4242'), 404, 'company 4242 not found');
  });

  it('creates, overwrites persons only when given, and deletes a company', async () => {
    const created = await client.post('/crm/company', {
      group_id: 1,
      name: 'Acme s.r.o.',
      external_id: 'ACME',
      persons: [
        { person_id: 1, role: 'CEO' },
        { person_id: 2, role: 'Accounts' },
      ],
    });
    const id = created.body.data as number;
    expect((await client.patch(`/crm/company/${id}`, { name: 'Acme a.s.' })).body.success).toBe(true);
    let company = (await client.get(`/crm/company/${id}`)).body.data;
    expect(company).toMatchObject({
      name: 'Acme a.s.',
      persons: [
        { person_id: 1, role: 'CEO' },
        { person_id: 2, role: 'Accounts' },
      ],
    });

    await client.patch(`/crm/company/${id}`, { persons: [{ person_id: 5, role: 'IT manager' }] });
    company = (await client.get(`/crm/company/${id}`)).body.data;
    expect(company.persons).toEqual([{ person_id: 5, role: 'IT manager' }]);
    expect((await client.get('/crm/person/1')).body.data.companies).not.toContainEqual(
      expect.objectContaining({ company_id: id }),
    );

    expect((await client.delete(`/crm/company/${id}`)).body).toEqual({ success: true, data: null });
    expect((await client.get(`/crm/company/${id}`)).status).toBe(404);
    expect((await client.get('/crm/company/external/ACME')).status).toBe(404);
  });

  it("keeps each member's person answer in step with the company, also when read just before", async () => {
    const companiesOf = async (personId: number) =>
      (await client.get(`/crm/person/${personId}`)).body.data.companies as Json[];
    const listed = (name: string, role: string) =>
      expect.arrayContaining([expect.objectContaining({ name, role })]);
    const notListed = (name: string) => expect.not.arrayContaining([expect.objectContaining({ name })]);
    await companiesOf(8);
    await companiesOf(9);

    const id = (
      await client.post('/crm/company', {
        group_id: 1,
        name: 'Kept s.r.o.',
        persons: [{ person_id: 8, role: 'CEO' }],
      })
    ).body.data as number;
    expect(await companiesOf(8)).toEqual(listed('Kept s.r.o.', 'CEO'));
    await client.patch(`/crm/company/${id}`, { name: 'Kept a.s.' });
    expect(await companiesOf(8)).toEqual(listed('Kept a.s.', 'CEO'));
    await client.patch(`/crm/company/${id}`, { persons: [{ person_id: 9, role: 'Accounts' }] });
    expect(await companiesOf(8)).toEqual(notListed('Kept a.s.'));
    expect(await companiesOf(9)).toEqual(listed('Kept a.s.', 'Accounts'));
    await client.delete(`/crm/company/${id}`);
    expect(await companiesOf(9)).toEqual(notListed('Kept a.s.'));
  });

  it('answers a person read again as JSON, the same as the first time', async () => {
    const first = await client.get('/crm/person/11');
    const again = await client.get('/crm/person/11');
    expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(again.body).toEqual(first.body);
    expect(Person.parse(again.body.data).id).toBe(11);
  });

  it.each([
    [{ name: 'No group' }, { group_id: 'group_id is required' }],
    [{ group_id: 1, name: '' }, { name: 'name must not be empty' }],
    [
      { group_id: 1, name: 'Ghosts', persons: [{ person_id: 123456, role: 'x' }] },
      { persons: 'unknown person id 123456' },
    ],
    [
      { group_id: 1, name: 'Bad', persons: [{ role: 'x' }] },
      { persons: expect.stringMatching(/persons\[0\]\.person_id/) },
    ],
  ])('refuses %j with success false and a message per attribute', async (body, messages) => {
    const response = await client.post('/crm/company', body);
    expect(response.body).toMatchObject({ success: false, data: messages });
  });
});
