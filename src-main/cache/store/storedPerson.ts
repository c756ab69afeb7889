/** How the cache keeps a person: the fields its list item carries, its contacts as JSON, its name. */
import type { PersonListItem } from '../../api/schemas';
import { CONTACT_TYPES } from '../../api/schemas';

/** A number to index for an owner, with the label shown next to it (`mobile`, `work`, `extension`…). */
export interface LabelledNumber {
  raw: string;
  label: string;
}

/** The person fields a list item carries, as the `persons` columns hold them. */
export interface PersonListFields {
  id: number;
  group_id: number;
  displayname: string;
  firstname: string;
  lastname: string;
  external_id: string | null;
}

export function personListFields(item: PersonListItem): PersonListFields {
  return {
    id: item.id,
    group_id: item.group_id,
    displayname: item.displayname,
    firstname: item.firstname,
    lastname: item.lastname,
    external_id: item.external_id ?? null,
  };
}

/** A contact as the cache keeps it, in the person's `contacts` JSON column. */
export interface StoredContact {
  id: number | null;
  /** 0 general, 1 phone, 2 e-mail, 3 web. */
  type: number;
  contact: string;
  label: string;
}

export function parseContacts(json: string): StoredContact[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as StoredContact[]) : [];
}

/** Phone contacts, and general ones (a general contact that is no number is simply not indexed). */
export function phoneNumbersOf(
  contacts: readonly Pick<StoredContact, 'type' | 'contact' | 'label'>[],
): LabelledNumber[] {
  return contacts
    .filter((contact) => contact.type === CONTACT_TYPES.phone || contact.type === CONTACT_TYPES.general)
    .map((contact) => ({ raw: contact.contact, label: contact.label }));
}

export function emailsOf(contacts: readonly Pick<StoredContact, 'type' | 'contact'>[]): string[] {
  return contacts.filter((contact) => contact.type === CONTACT_TYPES.email).map((contact) => contact.contact);
}

/** The name a person is shown and sorted by. */
export function personName(person: Pick<PersonListFields, 'displayname' | 'firstname' | 'lastname'>): string {
  return person.displayname.trim() || `${person.firstname} ${person.lastname}`.trim();
}
