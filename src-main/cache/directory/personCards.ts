/** The person card: everything the cache knows about one person, for the directory's detail view. */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { CONTACT_TYPES } from '../../api/schemas';
import type { DirectoryNumber, PersonCard } from '../../shared/contract';
import { KIND_CODE } from '../database/entryKind';
import type { PersonListFields, StoredContact } from '../store/storedPerson';
import { parseContacts, personName } from '../store/storedPerson';
import { companiesOf, PERSON_COMPANIES_JSON_SQL } from './personCompanies';

interface PersonRow extends PersonListFields {
  note: string;
  data: string;
  contacts: string;
  shown_numbers: string;
  fetched_at: number | null;
  companies_json: string | null;
}

export class PersonCards {
  private readonly sql;

  constructor(db: SqliteDatabase) {
    this.sql = {
      // Subqueries, not joins: a join to record_sync and one of the companies took 5 times as long as
      // the person's row (100,000 persons, test/bench/calls.bench.ts).
      person: db.prepare(`SELECT p.*,
          (SELECT fetched_at FROM record_sync s WHERE s.kind = ${KIND_CODE.person} AND s.id = p.id) AS fetched_at,
          ${PERSON_COMPANIES_JSON_SQL} AS companies_json
        FROM persons p WHERE p.id = ?`),
    };
  }

  card(id: number): PersonCard | null {
    const row = this.sql.person.get(id) as PersonRow | undefined;
    if (!row) return null;
    const shown = shownNumbersByRaw(row.shown_numbers);
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
        number: numberOf(contact, shown),
      })),
      companies: companiesOf(row.companies_json),
      fetchedAt: row.fetched_at,
    };
  }
}

/**
 * A contact's number as the number index read it, from the person's row (`shown_numbers`, written with the
 * index rows): reading it again through libphonenumber cost an eighth of a screen-pop. A number the index could
 * not read is not there, and the contact has no number, as before.
 */
function numberOf(
  contact: StoredContact,
  shown: ReadonlyMap<string, DirectoryNumber>,
): PersonCard['contacts'][number]['number'] {
  if (contact.type !== CONTACT_TYPES.phone && contact.type !== CONTACT_TYPES.general) return null;
  const indexed = shown.get(contact.contact);
  return indexed
    ? { raw: contact.contact, label: contact.label, display: indexed.display, dial: indexed.dial }
    : null;
}

function shownNumbersByRaw(json: string): Map<string, DirectoryNumber> {
  return new Map((JSON.parse(json) as DirectoryNumber[]).map((number) => [number.raw, number]));
}

export function parseObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
