/**
 * The agent's edit of a person's contacts as a change, not a list: what was added, changed and removed
 * relative to the contacts the editor started from (`base`), applied to the contacts the PBX holds now.
 * The PBX replaces a person's whole `contacts` collection with what a PATCH sends (docs/pbx-api.md,
 * Persons and companies), so sending the editor's list as it is would delete a contact added on the PBX
 * since the card was cached. A contact both sides touched (changed or removed by the agent, changed or
 * removed on the PBX meanwhile) is a conflict: nothing is sent, and the agent decides.
 */
import type { Contact } from '../../api/schemas';
import type { ContactConflict, ContactInput } from '../../shared/contract';

export interface ContactMerge {
  /** The PBX's contacts with the agent's changes applied; a conflicting contact as the PBX has it. */
  contacts: ContactInput[];
  conflicts: ContactConflict[];
}

/** The PBX's contact in the editor's shape. */
export function contactInput({ id, type, contact, label }: Contact | ContactInput): ContactInput {
  return { ...(id === undefined ? {} : { id }), type, contact, label: label ?? '' };
}

/** Whether two versions of a contact say the same (the PBX trims what it stores; so does the editor). */
function same(a: ContactInput, b: ContactInput): boolean {
  return a.type === b.type && a.contact.trim() === b.contact.trim() && a.label.trim() === b.label.trim();
}

function byId(contacts: readonly ContactInput[]): Map<number, ContactInput> {
  return new Map(contacts.flatMap((contact) => (contact.id === undefined ? [] : [[contact.id, contact]])));
}

export function mergeContactEdit(
  base: readonly ContactInput[],
  edited: readonly ContactInput[],
  fresh: readonly Contact[],
): ContactMerge {
  const before = byId(base);
  const after = byId(edited);
  const now = fresh.map(contactInput);
  const onPbx = byId(now);
  const conflicts: ContactConflict[] = [];
  /** Whether the PBX's contact still is what the agent started from (a contact the editor did not start with counts as unchanged). */
  const untouchedOnPbx = (id: number, current: ContactInput) => {
    const started = before.get(id);
    return started === undefined || same(started, current);
  };

  const contacts = now.flatMap((current): ContactInput[] => {
    const id = current.id!;
    const mine = after.get(id);
    const removedByAgent = before.has(id) && mine === undefined;
    const changedByAgent = mine !== undefined && !same(mine, before.get(id) ?? current);
    if (!removedByAgent && !changedByAgent) return [current];
    if (!untouchedOnPbx(id, current)) {
      conflicts.push({ id, mine: mine ?? null, theirs: current });
      return [current];
    }
    return removedByAgent ? [] : [mine!];
  });

  // Changed by the agent, removed on the PBX meanwhile.
  for (const [id, mine] of after) {
    const started = before.get(id);
    if (!onPbx.has(id) && started !== undefined && !same(mine, started))
      conflicts.push({ id, mine, theirs: null });
  }

  // Added by the agent; one the PBX got meanwhile as it is (from another window, say) is not added twice.
  const addedOnPbx = now.filter((current) => current.id === undefined || !before.has(current.id));
  for (const added of edited.filter((contact) => contact.id === undefined)) {
    if (!addedOnPbx.some((current) => same(current, added))) contacts.push(added);
  }
  return { contacts, conflicts };
}
