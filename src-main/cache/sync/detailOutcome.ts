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
import { faultReason, isRecordFault } from './recordFault';
import type { DetailCollection } from './detailCollection';
import type { SyncLedger } from './syncLedger';

/** A fetched detail, or the 404 that says the record is gone. Structured-cloneable (sent to the worker). */
export type DetailOutcome = { id: number; detail: unknown } | { id: number; gone: true };

/** A record the cache could not store: left due, so the next sync tries it again. */
export interface QuarantinedRecord {
  id: number;
  reason: string;
}

export interface DetailWriteCounts {
  fetched: number;
  removed: number;
  quarantined: QuarantinedRecord[];
}

export const KIND_OF_COLLECTION = {
  users: 'user',
  companies: 'company',
  persons: 'person',
} as const satisfies Record<DetailCollection, EntryKind>;

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

export interface DetailTarget {
  store: DirectoryStore;
  ledger: SyncLedger;
}

/** Stores one outcome; says which count it goes into. */
export function applyDetailOutcome(
  target: DetailTarget,
  collection: DetailCollection,
  outcome: DetailOutcome,
  now: number,
): 'fetched' | 'removed' {
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

/** A record the cache refused, for the counts; false (throw it) for a failure of the database itself. */
export function setAsideInto(quarantined: QuarantinedRecord[]) {
  return (outcome: DetailOutcome, error: unknown): boolean => {
    if (!isRecordFault(error)) return false;
    quarantined.push({ id: outcome.id, reason: faultReason(error) });
    return true;
  };
}

/** The counts of a written batch: every outcome stored but those set aside. */
export function countWrites(
  outcomes: readonly DetailOutcome[],
  quarantined: QuarantinedRecord[],
): DetailWriteCounts {
  const setAside = new Set(quarantined.map((record) => record.id));
  const counts = { fetched: 0, removed: 0, quarantined };
  for (const outcome of outcomes) {
    if (!setAside.has(outcome.id)) counts['gone' in outcome ? 'removed' : 'fetched'] += 1;
  }
  return counts;
}

/**
 * Stores a batch in one transaction (`transaction` runs `fn` in one; nested, in a savepoint). When the cache
 * refuses a record, the batch is rolled back and stored again one by one, each in a savepoint: the refused
 * record is set aside (quarantined, left due, so the next sync tries it again) and the rest are stored. A
 * failure of the database itself is thrown.
 */
export function storeDetailBatch(
  target: DetailTarget,
  collection: DetailCollection,
  outcomes: readonly DetailOutcome[],
  now: number,
  transaction: (fn: () => void) => void,
): DetailWriteCounts {
  const apply = (outcome: DetailOutcome) => applyDetailOutcome(target, collection, outcome, now);
  try {
    transaction(() => outcomes.forEach(apply));
    return countWrites(outcomes, []);
  } catch (error) {
    if (!isRecordFault(error)) throw error;
  }
  const quarantined: QuarantinedRecord[] = [];
  const setAside = setAsideInto(quarantined);
  transaction(() => {
    for (const outcome of outcomes) {
      try {
        transaction(() => apply(outcome));
      } catch (error) {
        if (!setAside(outcome, error)) throw error;
      }
    }
  });
  return countWrites(outcomes, quarantined);
}
