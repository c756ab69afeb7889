/**
 * A person's read-only interactions and tasks, read from the PBX for the person card. The API does not
 * document their shape, so every field that arrives is shown, as text: strings as they are, anything else as
 * JSON. A card lists at most PERSON_ACTIVITY_MAX of each, in the PBX's order.
 */
import type { PbxClient } from '../../api';
import type { ActivityItem, PersonActivity } from '../../shared/contract';
import { CallsError } from '../errors';

export const PERSON_ACTIVITY_MAX = 20;

const READ_TIMEOUT_MS = 5_000;

/** One item of an undocumented list as key/value text (a bare value gets the key "value"). */
export function activityItem(item: unknown): ActivityItem {
  const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  if (item === null || typeof item !== 'object' || Array.isArray(item))
    return [{ key: 'value', value: text(item) }];
  return Object.entries(item).map(([key, value]) => ({ key, value: text(value) }));
}

export class PersonActivityReader {
  constructor(private readonly client: () => Pick<PbxClient, 'persons'> | undefined) {}

  async read(personId: number): Promise<PersonActivity> {
    const client = this.client();
    if (!client) throw CallsError.notConnected();
    const person = await client.persons.get(personId, { timeoutMs: READ_TIMEOUT_MS });
    const items = (list: unknown[]) => list.slice(0, PERSON_ACTIVITY_MAX).map(activityItem);
    return {
      interactions: items(person.interactions),
      tasks: items(person.tasks),
      more: person.interactions.length > PERSON_ACTIVITY_MAX || person.tasks.length > PERSON_ACTIVITY_MAX,
    };
  }
}
