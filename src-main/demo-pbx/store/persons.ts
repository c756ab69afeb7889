/**
 * The CRM persons: seeded ones are generated on demand (see seed/persons.ts); created and edited ones are
 * kept as records that take precedence. Ids stay sorted so pages are stable while records come and go.
 */
import type { Contact, PersonListItem } from '../../api/schemas';
import {
  PersonGenerator,
  seededIdOfExternalId,
  type ContactRecord,
  type PersonRecord,
} from '../seed/persons';
import { numberMatchKey } from '../seed/phoneNumbers';

/** Index of `value` in the sorted `ids`, or where it would go (negative: -(insertion point) - 1). */
function binarySearch(ids: readonly number[], value: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const current = ids[middle]!;
    if (current === value) return middle;
    if (current < value) low = middle + 1;
    else high = middle - 1;
  }
  return -low - 1;
}

/** What GET /crm/persons lists of a person. */
export function listItemOf(person: PersonRecord): PersonListItem {
  const { id, group_id, displayname, firstname, lastname, external_id } = person;
  return { id, group_id, displayname, firstname, lastname, external_id };
}

/** A person to store: contacts as the client sent them (ids are assigned here). */
export type NewPerson = Omit<PersonRecord, 'id' | 'contacts'> & { contacts: Contact[] };

export class PersonStore {
  private readonly generator: PersonGenerator;
  private readonly liveIds: number[];
  private readonly edited = new Map<number, PersonRecord>();
  /** External ids of edited and created persons (seeded ones follow a pattern, see seed/persons.ts). */
  private readonly editedExternalIds = new Map<string, number>();
  private nextId: number;
  private nextContactId: number;
  /** See `indexOfNumbers`. */
  private numberIndex: Map<number, number | number[]> | null = null;

  constructor(seed: number, seededCount: number, minPhonesPerPerson = 1) {
    this.generator = new PersonGenerator(seed, minPhonesPerPerson);
    this.liveIds = Array.from({ length: seededCount }, (_, index) => index + 1);
    this.nextId = seededCount + 1;
    // Seeded contacts use ids person*10+n; new ones start above every seeded one.
    this.nextContactId = (seededCount + 1) * 10;
  }

  get total(): number {
    return this.liveIds.length;
  }

  exists(id: number): boolean {
    return binarySearch(this.liveIds, id) >= 0;
  }

  get(id: number): PersonRecord | undefined {
    if (!this.exists(id)) return undefined;
    return this.edited.get(id) ?? this.generator.generate(id);
  }

  /** The id at position `index` of the list, for picking a random person. */
  idAt(index: number): number | undefined {
    return this.liveIds[index];
  }

  /** The whole records of a page of GET /crm/persons (its items are built from the whole record anyway). */
  pageRecords(offset: number, limit: number): PersonRecord[] {
    return this.liveIds.slice(offset, offset + limit).map((id) => this.get(id)!);
  }

  findByExternalId(externalId: string): PersonRecord | undefined {
    for (const candidate of [this.editedExternalIds.get(externalId), seededIdOfExternalId(externalId)]) {
      if (candidate === undefined) continue;
      const person = this.get(candidate);
      if (person?.external_id === externalId) return person;
    }
    return undefined;
  }

  create(fields: NewPerson): number {
    const id = this.nextId++;
    this.liveIds.push(id);
    this.store({ ...fields, id, contacts: this.withContactIds(fields.contacts, []) });
    return id;
  }

  /** Applies already validated changes; `contacts`, when given, replaces the whole collection. */
  update(id: number, changes: Partial<NewPerson>): void {
    const current = this.get(id);
    if (!current) return;
    const contacts = changes.contacts
      ? this.withContactIds(changes.contacts, current.contacts)
      : current.contacts;
    this.store({ ...current, ...changes, id, contacts });
  }

  delete(id: number): boolean {
    const index = binarySearch(this.liveIds, id);
    if (index < 0) return false;
    this.liveIds.splice(index, 1);
    const edited = this.edited.get(id);
    if (edited?.external_id != null) this.editedExternalIds.delete(edited.external_id);
    this.edited.delete(id);
    return true;
  }

  /** Persons with a phone contact whose number matches `number` in any format (last nine digits). */
  findByNumber(number: string): PersonRecord[] {
    const key = Number(numberMatchKey(number));
    if (!Number.isSafeInteger(key) || key < 100_000) return [];
    const found = this.indexOfNumbers().get(key);
    const ids = found === undefined ? [] : typeof found === 'number' ? [found] : found;
    // The index may hold numbers edited away since; the record decides.
    return ids
      .map((id) => this.get(id))
      .filter(
        (person): person is PersonRecord =>
          person !== undefined &&
          person.contacts.some(
            (contact) => contact.type === 1 && Number(numberMatchKey(contact.contact)) === key,
          ),
      );
  }

  /**
   * number key → person id(s), built on first use from the seeded numbers alone (no names are generated),
   * then kept up to date on writes. Integer keys keep it at a few bytes per number for 100,000 persons.
   */
  private indexOfNumbers(): Map<number, number | number[]> {
    if (!this.numberIndex) {
      this.numberIndex = new Map();
      for (const id of this.liveIds) {
        const edited = this.edited.get(id);
        const numbers = edited
          ? edited.contacts.filter((contact) => contact.type === 1).map((contact) => contact.contact)
          : this.generator.phoneNumbers(id);
        for (const number of numbers) this.indexNumber(number, id);
      }
    }
    return this.numberIndex;
  }

  private indexNumber(number: string, personId: number): void {
    const key = Number(numberMatchKey(number));
    if (!this.numberIndex || !Number.isSafeInteger(key)) return;
    const present = this.numberIndex.get(key);
    if (present === undefined) this.numberIndex.set(key, personId);
    else if (typeof present === 'number') {
      if (present !== personId) this.numberIndex.set(key, [present, personId]);
    } else if (!present.includes(personId)) present.push(personId);
  }

  private store(person: PersonRecord): void {
    const previous = this.edited.get(person.id);
    if (previous?.external_id != null) this.editedExternalIds.delete(previous.external_id);
    this.edited.set(person.id, person);
    if (person.external_id != null) this.editedExternalIds.set(person.external_id, person.id);
    for (const contact of person.contacts)
      if (contact.type === 1) this.indexNumber(contact.contact, person.id);
  }

  /** Keeps the id of a contact the client sent back unchanged; gives new contacts fresh ids. */
  private withContactIds(
    contacts: readonly Contact[] | undefined,
    existing: readonly ContactRecord[],
  ): ContactRecord[] {
    const existingIds = new Set(existing.map((contact) => contact.id));
    const used = new Set<number>();
    return (contacts ?? []).map((contact) => {
      const keep = contact.id !== undefined && existingIds.has(contact.id) && !used.has(contact.id);
      const id = keep ? contact.id! : this.nextContactId++;
      used.add(id);
      return { id, type: contact.type, contact: contact.contact, label: contact.label ?? '' };
    });
  }
}
