/**
 * Editing a person's contacts never deletes what the agent did not touch. The PBX replaces the whole
 * `contacts` collection on a PATCH, so the app reads the person fresh, applies the agent's change (against
 * the card the editor started from) and sends that; where the PBX changed what the edit touches, nothing is
 * sent and both versions come back for the agent to decide. Also: where new contacts go. Against a real
 * demo PBX, changed behind the app's back through its API.
 */
import { describe, expect, it } from 'vitest';
import type { Contact } from '../../../src-main/api/schemas';
import type { ContactInput, PersonCard } from '../../../src-main/shared/contract';
import { demoDirectoryCore } from './directoryFixtures';

const scene = demoDirectoryCore();

const phone = (contact: string, label = 'mobile'): ContactInput => ({ type: 1, contact, label });

/** The card's contacts as the editor starts from them. */
function editorRows(card: PersonCard): ContactInput[] {
  return card.contacts.map(({ id, type, contact, label }) => ({
    ...(id === null ? {} : { id }),
    type: type as ContactInput['type'],
    contact,
    label,
  }));
}

async function created(...contacts: ContactInput[]): Promise<PersonCard> {
  const result = await scene.core.commands['directory:createPerson']({
    firstname: 'Upravovaná',
    lastname: 'Osoba',
    contacts,
  });
  if (!result.saved) throw new Error('not created');
  return result.person;
}

/** Changes the person's contacts on the PBX, as the CRM or another agent would, behind the app's back. */
async function changeOnPbx(id: number, change: (contacts: Contact[]) => Contact[]): Promise<void> {
  const client = scene.core.pbxClient!;
  const person = await client.persons.get(id);
  await client.persons.update(id, { contacts: change(person.contacts) });
}

const onPbx = async (id: number) =>
  (await scene.core.pbxClient!.persons.get(id)).contacts.map(({ type, contact, label }) => ({
    type,
    contact,
    label,
  }));

describe('editing contacts', { timeout: 30_000 }, () => {
  it('keeps a contact added on the PBX since the card was cached, while the agent edits another', async () => {
    const card = await created(phone('777 500 100'), phone('777 500 200', 'work'));
    await changeOnPbx(card.id, (contacts) => [
      ...contacts,
      { type: 2, contact: 'novy@crm.cz', label: 'crm' },
    ]);
    const rows = editorRows(card);

    const result = await scene.core.commands['directory:updateContacts']({
      id: card.id,
      base: editorRows(card),
      contacts: [{ ...rows[0]!, contact: '777 500 101' }, rows[1]!],
    });

    expect(await onPbx(card.id)).toEqual([
      { type: 1, contact: '777 500 101', label: 'mobile' },
      { type: 1, contact: '777 500 200', label: 'work' },
      { type: 2, contact: 'novy@crm.cz', label: 'crm' },
    ]);
    // The result is the person read back, and so is the cache.
    expect(result).toMatchObject({ saved: true });
    if (!result.saved) return;
    expect(result.person.contacts.map((contact) => contact.contact)).toEqual([
      '777 500 101',
      '777 500 200',
      'novy@crm.cz',
    ]);
    expect((await scene.core.commands['directory:person']({ id: card.id })).contacts).toHaveLength(3);
    expect((await scene.core.commands['directory:search']({ query: 'novy@crm' })).persons.items[0]?.id).toBe(
      card.id,
    );
  });

  it('applies removals and additions to the fresh person, also when the editor sends no base', async () => {
    const card = await created(phone('777 510 100'), phone('777 510 200', 'work'));
    await changeOnPbx(card.id, (contacts) => [
      ...contacts,
      { type: 1, contact: '777 510 300', label: 'crm' },
    ]);
    const rows = editorRows(card);

    // Without a base, the cached card is what the editor started from.
    const result = await scene.core.commands['directory:updateContacts']({
      id: card.id,
      contacts: [rows[1]!, { type: 3, contact: 'www.upravovana.cz', label: 'web' }],
    });

    expect(result.saved).toBe(true);
    expect(await onPbx(card.id)).toEqual([
      { type: 1, contact: '777 510 200', label: 'work' },
      { type: 1, contact: '777 510 300', label: 'crm' },
      { type: 3, contact: 'www.upravovana.cz', label: 'web' },
    ]);
  });

  it('sends nothing when the PBX changed the contact the agent edited, and shows both', async () => {
    const card = await created(phone('777 520 100'), phone('777 520 200', 'work'));
    const [first, second] = editorRows(card);
    await changeOnPbx(card.id, (contacts) =>
      contacts.map((contact) =>
        contact.id === first!.id ? { ...contact, contact: '777 520 111' } : contact,
      ),
    );

    const result = await scene.core.commands['directory:updateContacts']({
      id: card.id,
      base: editorRows(card),
      contacts: [
        { ...first!, contact: '777 520 199' },
        { ...second!, label: 'office' },
      ],
    });

    expect(result).toMatchObject({
      saved: false,
      conflicts: [
        {
          id: first!.id,
          mine: { contact: '777 520 199' },
          theirs: { contact: '777 520 111' },
        },
      ],
      // The agent's other change is kept for the next try; the conflicting contact is as the PBX has it.
      merged: [
        { id: first!.id, contact: '777 520 111' },
        { id: second!.id, contact: '777 520 200', label: 'office' },
      ],
    });
    if (result.saved || !('conflicts' in result)) return;
    expect(await onPbx(card.id)).toEqual([
      { type: 1, contact: '777 520 111', label: 'mobile' },
      { type: 1, contact: '777 520 200', label: 'work' },
    ]);
    // The card shows the PBX's person now.
    expect((await scene.core.commands['directory:person']({ id: card.id })).contacts[0]?.contact).toBe(
      '777 520 111',
    );

    // The agent keeps their own version: the next save starts from the person the conflict showed.
    const mine = result.conflicts[0]!.mine!;
    const decided = result.merged.map((contact) => (contact.id === mine.id ? mine : contact));
    const saved = await scene.core.commands['directory:updateContacts']({
      id: card.id,
      base: editorRows(result.person),
      contacts: decided,
    });
    expect(saved.saved).toBe(true);
    expect(await onPbx(card.id)).toEqual([
      { type: 1, contact: '777 520 199', label: 'mobile' },
      { type: 1, contact: '777 520 200', label: 'office' },
    ]);
  });

  it('calls it a conflict when the contact the agent edited was removed on the PBX, or the one removed was edited', async () => {
    const card = await created(phone('777 530 100'), phone('777 530 200', 'work'));
    const [first, second] = editorRows(card);
    await changeOnPbx(card.id, (contacts) =>
      contacts
        .filter((contact) => contact.id !== first!.id)
        .map((contact) => (contact.id === second!.id ? { ...contact, label: 'reception' } : contact)),
    );

    const result = await scene.core.commands['directory:updateContacts']({
      id: card.id,
      base: editorRows(card),
      contacts: [{ ...first!, label: 'private' }],
    });

    expect(result).toMatchObject({
      saved: false,
      conflicts: [
        { id: second!.id, mine: null, theirs: { label: 'reception' } },
        { id: first!.id, mine: { label: 'private' }, theirs: null },
      ],
    });
    expect(await onPbx(card.id)).toEqual([{ type: 1, contact: '777 530 200', label: 'reception' }]);
  });
});

describe('where new contacts go', { timeout: 30_000 }, () => {
  it('goes to the agent’s own group by default, and to the group chosen in Settings', async () => {
    const agentGroup = scene.core.agentDirectory.profile!.groupId;
    const groups = await scene.core.commands['directory:newContactGroups']();
    expect(groups).toMatchObject({
      agentGroupId: agentGroup,
      agentProblem: null,
      target: { id: agentGroup, reason: 'agent' },
    });
    expect(groups.groups.map((group) => group.id).sort()).toEqual(
      (await scene.core.pbxClient!.groups()).map((group) => group.id).sort(),
    );
    const other = groups.groups.find((group) => group.id !== agentGroup && group.id !== 1)!;

    const { settings } = await scene.core.commands['settings:get']();
    expect(
      (
        await scene.core.commands['settings:save']({
          settings: { ...settings, newContactsGroupId: other.id },
        })
      ).saved,
    ).toBe(true);
    expect((await scene.core.commands['directory:newContactGroups']()).target).toEqual({
      id: other.id,
      name: other.name,
      reason: 'setting',
    });
    const card = await created(phone('777 540 100'));
    expect((await scene.core.pbxClient!.persons.get(card.id)).group_id).toBe(other.id);

    await scene.core.commands['settings:save']({ settings: { ...settings, newContactsGroupId: null } });
    const again = await created(phone('777 540 200'));
    expect((await scene.core.pbxClient!.persons.get(again.id)).group_id).toBe(agentGroup);
  });
});
