/**
 * The sync end to end: the real PbxClient over real HTTP against the demo PBX, with persons, companies and
 * users added, changed and deleted through the API between syncs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Contact } from '../../../src-main/api/schemas';
import type { DirectorySource } from '../../../src-main/cache';
import { DirectorySync } from '../../../src-main/cache';
import { startDemoPbx } from '../../../src-main/demo-pbx';
import { demoPbxClient, spyLogger, testDirectory } from './fixtures';
import { phone } from './memoryDirectory';

const pbx = await startDemoPbx({ persons: 400, seed: 7, ringEverySeconds: 0 });
afterAll(() => pbx.close());

const clientLogger = spyLogger();
const client = demoPbxClient(pbx, clientLogger);
// The port is structural: the real client is a DirectorySource as it is.
const source: DirectorySource = client;

function syncOf(directory = testDirectory(), rollingRefreshPersons = 0) {
  const sync = new DirectorySync(directory, source, {
    logger: spyLogger(),
    clock: { now: () => Date.now() },
    pageSize: 150,
    rollingRefresh: { persons: rollingRefreshPersons, companies: 0, users: 0 },
  });
  return { directory, sync };
}

/** Creates a person with one contact through the API, as the app would; resolves with the new id. */
function createPerson(firstname: string, lastname: string, contact: Contact): Promise<number> {
  return client.persons.create({
    group_id: 1,
    displayname: `${firstname} ${lastname}`,
    firstname,
    lastname,
    contacts: [contact],
  });
}

async function someoneWithPhone(offset: number) {
  const { items } = await client.persons.list({ offset, limit: 1 });
  return client.persons.get(items[0]!.id);
}

// Several syncs over HTTP each: generous time for a loaded CI machine.
describe('sync against the demo PBX', { timeout: 60_000 }, () => {
  it('mirrors the PBX directory, then follows adds, changes and deletes', async () => {
    const { directory, sync } = syncOf();
    const first = await sync.run();

    const [persons, companies, users, extensions] = await Promise.all([
      client.persons.list({ limit: 1 }),
      client.companies.list({ limit: 1 }),
      client.users.list(),
      client.extensions(),
    ]);
    expect(directory.counts()).toMatchObject({
      persons: persons.total,
      companies: companies.total,
      users: users.length,
      extensions: extensions.length,
    });
    expect(first.collections.persons).toMatchObject({ added: 400, fetched: 400, removed: 0 });

    // Every phone number of a sampled person finds that person, whatever format the CRM holds it in.
    const sample = await someoneWithPhone(123);
    for (const contact of sample.contacts.filter((c) => c.type === 1)) {
      const numberOwners = directory.lookupNumber(contact.contact);
      expect(numberOwners.map((match) => `${match.kind}:${match.id}`)).toContain(`person:${sample.id}`);
    }

    // Changes made through the API between syncs.
    const createdId = await createPerson('Zuzana', 'Nováčková', phone('+421 905 765 432'));
    const renamed = await someoneWithPhone(10);
    await client.persons.update(renamed.id, {
      displayname: 'Přejmenovaný Kontakt',
      firstname: 'Přejmenovaný',
    });
    const deleted = await someoneWithPhone(20);
    await client.persons.delete(deleted.id);
    const recontacted = await someoneWithPhone(30);
    await client.persons.update(recontacted.id, {
      contacts: [{ type: 1, contact: '+420 731 000 999', label: 'new mobile' }],
    });
    const companyId = await client.companies.create({
      group_id: 1,
      name: 'Nováčková & dcery',
      persons: [{ person_id: createdId, role: 'Founder' }],
    });

    const second = await sync.run();

    expect(second.collections.persons).toMatchObject({ added: 1, changed: 1, removed: 1, fetched: 2 });
    expect(second.collections.companies).toMatchObject({ added: 1, fetched: 1 });
    expect(directory.lookupNumber('00421905765432')).toEqual([
      {
        kind: 'person',
        id: createdId,
        name: 'Zuzana Nováčková',
        label: 'mobile',
        companies: [{ id: companyId, name: 'Nováčková & dcery', role: 'Founder' }],
      },
    ]);
    expect(directory.searchDirectory('novackova').companies.items.map((entry) => entry.id)).toEqual([
      companyId,
    ]);
    expect(directory.personCard(renamed.id)?.name).toBe('Přejmenovaný Kontakt');
    expect(directory.personCard(deleted.id)).toBeNull();
    // A contact change does not show in list items: this sync could not see it...
    expect(directory.lookupNumber('+420 731 000 999')).toEqual([]);

    // ...the rolling refresh of the least recently fetched details does.
    const { sync: refreshing } = syncOf(directory, 1000);
    await refreshing.run();
    expect(directory.lookupNumber('+420 731 000 999').map((match) => match.id)).toEqual([recontacted.id]);

    expect(clientLogger.warn).not.toHaveBeenCalled();
  });

  it('puts a person the app creates or edits into the cache at once', async () => {
    const { directory, sync } = syncOf();
    await sync.run();

    const id = await createPerson('Ondřej', 'Okamžitý', phone('777 246 810', 'work'));
    directory.upsertPerson(await client.persons.get(id));
    expect(directory.lookupNumber('+420777246810').map((match) => match.id)).toEqual([id]);

    await client.persons.update(id, {
      contacts: [{ type: 2, contact: 'ondrej@okamzity.cz', label: 'work' }],
    });
    directory.upsertPerson(await client.persons.get(id));
    expect(directory.lookupNumber('+420777246810')).toEqual([]);
    expect(directory.searchDirectory('okamzity.cz').persons.items.map((entry) => entry.id)).toEqual([id]);
  });
});
