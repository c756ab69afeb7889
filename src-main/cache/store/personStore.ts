/** Writes persons and keeps their numbers and search text indexed. Every method expects a transaction. */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { Person, PersonListItem } from '../../api/schemas';
import { sortKey } from '../database/searchText';
import type { EntryIndexes } from './entryIndexes';
import type { ListChange } from './listChange';
import { listComparison } from './listChange';
import type { PersonListFields, StoredContact } from './storedPerson';
import { emailsOf, personListFields, personName, phoneNumbersOf } from './storedPerson';

/** A person as the app knows it after a create or edit; the PBX's read-only collections are not needed. */
export type PersonDetail = Pick<
  Person,
  'id' | 'group_id' | 'displayname' | 'firstname' | 'lastname' | 'note' | 'external_id' | 'data' | 'contacts'
>;

export class PersonStore {
  private readonly sql: ReturnType<typeof prepareStatements>;
  private readonly compare: (fresh: readonly PersonListFields[]) => ListChange[];

  constructor(
    db: SqliteDatabase,
    private readonly indexes: EntryIndexes,
  ) {
    this.sql = prepareStatements(db);
    this.compare = listComparison<PersonListFields>(db, 'persons', [
      'id',
      'group_id',
      'displayname',
      'firstname',
      'lastname',
      'external_id',
    ]);
  }

  /** What each list item means for the cache, from one read of the cached list fields. */
  compareList(items: readonly PersonListItem[]): ListChange[] {
    return this.compare(items.map(personListFields));
  }

  /** Writes a list item `compareList` found new or changed. */
  writeListItem(item: PersonListItem, change: Exclude<ListChange, 'unchanged'>): void {
    const fields = { ...personListFields(item), sort_key: sortKey(personName(item)) };
    if (change === 'new') {
      // Goes into the word index when its detail is saved (its name already finds it by the name index):
      // indexing the stub too would double the index work of a first sync. A stub is due for a detail
      // fetch, so after a crash the next run completes it. (OR IGNORE: the app may have saved it since.)
      this.sql.insertStub.run(fields);
      return;
    }
    this.sql.updateListFields.run(fields);
    this.indexes.refreshPersonText(item.id);
  }

  save(person: PersonDetail): void {
    const fields = personListFields(person);
    const contacts: StoredContact[] = person.contacts.map(({ id, type, contact, label }) => ({
      id: id ?? null,
      type,
      contact,
      label,
    }));
    const shownNumbers = this.indexes.setNumbers('person', person.id, phoneNumbersOf(contacts));
    this.sql.upsert.run({
      ...fields,
      note: person.note,
      data: JSON.stringify(person.data),
      contacts: JSON.stringify(contacts),
      shown_numbers: JSON.stringify(shownNumbers),
      sort_key: sortKey(personName(fields)),
    });
    this.indexes.refreshPersonText(person.id, { ...fields, emails: emailsOf(contacts) });
  }

  /** Also ends the person's company memberships, as the PBX does when a person is deleted. */
  delete(id: number): void {
    this.sql.delete.run(id);
    this.sql.deleteMemberships.run(id);
    this.indexes.remove('person', id);
  }
}

function prepareStatements(db: SqliteDatabase) {
  return {
    insertStub: db.prepare(`INSERT OR IGNORE INTO persons
      (id, group_id, displayname, firstname, lastname, external_id, sort_key)
      VALUES (@id, @group_id, @displayname, @firstname, @lastname, @external_id, @sort_key)`),
    updateListFields: db.prepare(`UPDATE persons SET group_id = @group_id, displayname = @displayname,
      firstname = @firstname, lastname = @lastname, external_id = @external_id, sort_key = @sort_key WHERE id = @id`),
    upsert: db.prepare(`INSERT INTO persons
      (id, group_id, displayname, firstname, lastname, external_id, note, data, contacts, shown_numbers, sort_key)
      VALUES (@id, @group_id, @displayname, @firstname, @lastname, @external_id, @note, @data, @contacts,
        @shown_numbers, @sort_key)
      ON CONFLICT (id) DO UPDATE SET group_id = excluded.group_id, displayname = excluded.displayname,
        firstname = excluded.firstname, lastname = excluded.lastname, external_id = excluded.external_id,
        note = excluded.note, data = excluded.data, contacts = excluded.contacts,
        shown_numbers = excluded.shown_numbers, sort_key = excluded.sort_key`),
    delete: db.prepare('DELETE FROM persons WHERE id = ?'),
    deleteMemberships: db.prepare('DELETE FROM company_persons WHERE person_id = ?'),
  };
}
