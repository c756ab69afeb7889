/** The person card: everything the cache knows about one person, for the directory's detail view. */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { CONTACT_TYPES } from '../../api/schemas';
import type { CompanyLink, PersonCard } from '../../shared/contract';
import { KIND_CODE } from '../database/entryKind';
import type { NumberKeys } from '../store/numberKeys';
import type { PersonListFields, StoredContact } from '../store/storedPerson';
import { parseContacts, personName } from '../store/storedPerson';

interface PersonRow extends PersonListFields {
  note: string;
  data: string;
  contacts: string;
  fetched_at: number | null;
}

export class PersonCards {
  private readonly sql;

  constructor(
    db: SqliteDatabase,
    private readonly numbers: NumberKeys,
  ) {
    this.sql = {
      person: db.prepare(`SELECT p.*, s.fetched_at FROM persons p
        LEFT JOIN record_sync s ON s.kind = ${KIND_CODE.person} AND s.id = p.id WHERE p.id = ?`),
      companies: db.prepare(`SELECT c.id, c.name, cp.role FROM company_persons cp
        JOIN companies c ON c.id = cp.company_id WHERE cp.person_id = ? ORDER BY c.sort_key`),
    };
  }

  card(id: number): PersonCard | null {
    const row = this.sql.person.get(id) as PersonRow | undefined;
    if (!row) return null;
    return {
      id: row.id,
      groupId: row.group_id,
      name: personName(row),
      firstname: row.firstname,
      lastname: row.lastname,
      note: row.note,
      externalId: row.external_id,
      data: parseObject(row.data),
      contacts: parseContacts(row.contacts).map((contact) => ({
        ...contact,
        number: this.numberOf(contact),
      })),
      companies: this.sql.companies.all(id) as CompanyLink[],
      fetchedAt: row.fetched_at,
    };
  }

  private numberOf(contact: StoredContact): PersonCard['contacts'][number]['number'] {
    if (contact.type !== CONTACT_TYPES.phone && contact.type !== CONTACT_TYPES.general) return null;
    const indexed = this.numbers.index(contact.contact);
    return (
      indexed && { raw: contact.contact, label: contact.label, display: indexed.display, dial: indexed.dial }
    );
  }
}

export function parseObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
