/**
 * The floor of a directory sync's CPU per person: the bare loop (bareSync.ts) storing each person as the
 * product must at least, written plainly: the answer checked against the API's Person schema (hostile input
 * is refused, never stored), every phone number read with libphonenumber as the cache's NumberKeys does, and
 * stored with what screen-pop and search find a person by, in the cache's own tables: the row with its
 * folded sort key (the name index), one number index row per number (by key and by national number) and
 * the FTS5 row of names and e-mails. Left out, though the product has them too: the sync ledger, the writer thread's hand-over and
 * the list phase's comparison with the cached list.
 */
import { Person } from '../../../src-main/api/schemas';
import { ftsRowid, KIND_CODE } from '../../../src-main/cache/database/entryKind';
import {
  createDirectoryTables,
  indexNumbersByNational,
} from '../../../src-main/cache/directory/directorySchema';
import { sortKey } from '../../../src-main/cache/database/searchText';
import { NumberKeys } from '../../../src-main/cache/store/numberKeys';
import { emailsOf, personName, phoneNumbersOf } from '../../../src-main/cache/store/storedPerson';
import type { LoopStore } from './bareSync';

export const indexedPersons: LoopStore = (db) => {
  // The cache's own tables and indexes, so that each write costs what it costs in the cache.
  createDirectoryTables(db);
  indexNumbersByNational(db);
  const numberKeys = new NumberKeys({ defaultCountry: 'CZ' });
  const insertPerson = db.prepare(`INSERT OR REPLACE INTO persons
    (id, group_id, displayname, firstname, lastname, external_id, note, data, contacts, sort_key)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertNumber = db.prepare(`INSERT OR REPLACE INTO numbers
    (kind, owner_id, position, key, national, label, raw, display, dial) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertText = db.prepare('INSERT OR REPLACE INTO person_fts (rowid, name, extra) VALUES (?, ?, ?)');
  return ({ id, detail }) => {
    const person = Person.parse(detail);
    const { group_id, displayname, firstname, lastname, external_id, note, data, contacts } = person;
    insertPerson.run(
      id,
      group_id,
      displayname,
      firstname,
      lastname,
      external_id ?? null,
      note,
      JSON.stringify(data),
      JSON.stringify(contacts),
      sortKey(personName(person)),
    );
    let position = 0;
    for (const { raw, label } of phoneNumbersOf(contacts)) {
      const indexed = numberKeys.index(raw);
      if (!indexed) continue;
      const { key, national, display, dial } = indexed;
      insertNumber.run(KIND_CODE.person, id, position++, key, national, label, raw, display, dial);
    }
    const names = [displayname, firstname, lastname].join(' ');
    insertText.run(ftsRowid('person', id), names, emailsOf(contacts).join(' '));
  };
};
