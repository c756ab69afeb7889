/**
 * Writes directory records into the cache and keeps the number index and the search index in step with
 * them: a store per kind of record, all sharing the indexes. Every method expects to run inside a
 * transaction (CacheDatabase.write); none of them commits.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { CompanyStore } from './companyStore';
import { EntryIndexes } from './entryIndexes';
import type { NumberKeys } from './numberKeys';
import { PersonStore } from './personStore';
import { SmallCollectionStore } from './smallCollectionStore';
import { UserStore } from './userStore';

export class DirectoryStore {
  readonly indexes: EntryIndexes;
  readonly persons: PersonStore;
  readonly companies: CompanyStore;
  readonly users: UserStore;
  /** Groups, roles, teams, queues and extensions: replaced whole. */
  readonly collections: SmallCollectionStore;

  constructor(db: SqliteDatabase, numbers: NumberKeys) {
    this.indexes = new EntryIndexes(db, numbers);
    this.persons = new PersonStore(db, this.indexes);
    this.companies = new CompanyStore(db, this.indexes);
    this.users = new UserStore(db, this.indexes);
    this.collections = new SmallCollectionStore(db, this.indexes);
  }
}
