/**
 * What storing a fetched detail means, in one place for every writer (the sync's own thread, the writer
 * worker, and the directory cache when the app itself created or edited a record): the record saved with
 * its ledger entry, or, for a detail the PBX no longer has, both removed. Like the store, these expect to
 * run inside a transaction.
 */
import type { User } from '../../api/schemas';
import type { EntryKind } from '../database/entryKind';
import type { CompanyDetail } from '../store/companyStore';
import type { DirectoryStore } from '../store/directoryStore';
import type { PersonDetail } from '../store/personStore';
import type { SyncLedger } from './syncLedger';

export type DetailCollection = 'users' | 'companies' | 'persons';

/** A fetched detail, or the 404 that says the record is gone. Structured-cloneable (sent to the worker). */
export type DetailOutcome = { id: number; detail: unknown } | { id: number; gone: true };

export interface DetailWriteCounts {
  fetched: number;
  removed: number;
}

export const KIND_OF_COLLECTION: Record<DetailCollection, EntryKind> = {
  users: 'user',
  companies: 'company',
  persons: 'person',
};

/** Deletes a record and everything indexed for it. */
export function removeRecord(store: DirectoryStore, collection: DetailCollection, id: number): void {
  store[collection].delete(id);
}

function saveRecord(store: DirectoryStore, collection: DetailCollection, detail: unknown): void {
  // The details were validated against the API schemas when they were read.
  if (collection === 'persons') store.persons.save(detail as PersonDetail);
  else if (collection === 'companies') store.companies.save(detail as CompanyDetail);
  else store.users.save(detail as User);
}

/** Stores one outcome; says which count it goes into. */
export function applyDetailOutcome(
  target: { store: DirectoryStore; ledger: SyncLedger },
  collection: DetailCollection,
  outcome: DetailOutcome,
  now: number,
): keyof DetailWriteCounts {
  const kind = KIND_OF_COLLECTION[collection];
  if ('gone' in outcome) {
    removeRecord(target.store, collection, outcome.id);
    target.ledger.forget(kind, outcome.id);
    return 'removed';
  }
  saveRecord(target.store, collection, outcome.detail);
  target.ledger.markFetched(kind, outcome.id, now);
  return 'fetched';
}
