/**
 * What storing a fetched detail means, in one place for both writers (the sync's own thread and the writer
 * worker): the record saved with its ledger entry, or, for a detail the PBX no longer has, both removed.
 * Like the store, these expect to run inside a transaction.
 */
import type { User } from '../api/schemas';
import type { EntryKind } from './kinds';
import type { SyncLedger } from './ledger';
import type { CompanyDetail, DirectoryStore, PersonDetail } from './store';

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
  if (collection === 'persons') store.deletePerson(id);
  else if (collection === 'companies') store.deleteCompany(id);
  else store.deleteUser(id);
}

function saveRecord(store: DirectoryStore, collection: DetailCollection, detail: unknown): void {
  // The details were validated against the API schemas when they were read.
  if (collection === 'persons') store.savePerson(detail as PersonDetail);
  else if (collection === 'companies') store.saveCompany(detail as CompanyDetail);
  else store.saveUser(detail as User);
}

/** Stores one outcome and counts it into `counts`. */
export function applyDetailOutcome(
  target: { store: DirectoryStore; ledger: SyncLedger },
  collection: DetailCollection,
  outcome: DetailOutcome,
  now: number,
  counts: DetailWriteCounts,
): void {
  const kind = KIND_OF_COLLECTION[collection];
  if ('gone' in outcome) {
    removeRecord(target.store, collection, outcome.id);
    target.ledger.forget(kind, outcome.id);
    counts.removed += 1;
  } else {
    saveRecord(target.store, collection, outcome.detail);
    target.ledger.markFetched(kind, outcome.id, now);
    counts.fetched += 1;
  }
}
