/**
 * Where a sync's fetched details are written. Saving a person is most of a sync's work (the number index,
 * the search index, libphonenumber), so on a file-backed cache it runs in a worker thread with a connection
 * of its own: the main thread keeps fetching while the worker writes, and its event loop (the call monitor,
 * IPC) is never held up by the cache. In-memory caches, which a second connection cannot open, and callers
 * that pass no worker script write on the sync's own thread, in short transactions between event-loop turns.
 */
import { Worker } from 'node:worker_threads';
import type { DirectoryCache } from '../directory/directoryCache';
import { CacheFullError } from '../errors';
import type { IndexedNumber, NumberKeys, NumberingPlan } from '../store/numberKeys';
import type { PersonDetail } from '../store/personStore';
import { phoneNumbersOf } from '../store/storedPerson';
import type { DetailCollection } from './detailCollection';
import type { DetailOutcome, DetailWriteCounts } from './detailOutcome';
import type { QuarantinedRecord } from './detailOutcome';
import { applyDetailOutcome, countWrites, setAsideInto } from './detailOutcome';
import type { WorkerScript } from './workerScript';
import { writeInSlices } from './writeInSlices';

export type { WorkerScript } from './workerScript';

export interface DetailWriter {
  /**
   * Called before a collection's details are fetched, with how many are due: a writer may choose how to
   * write by the size of the work (`sizedDetailWriter`).
   */
  plan?(collection: DetailCollection, due: number): void;
  /**
   * Called for each outcome as it arrives, before the batch holding it is written: the share of the work
   * that belongs on the caller's thread is done a little at a time rather than a batch at once.
   */
  prepare(collection: DetailCollection, outcome: DetailOutcome): void;
  /**
   * Writes a batch; resolves with its counts once it is committed. A record the cache refuses is left out
   * and listed in the counts (`quarantined`); a failure of the database rejects the batch.
   */
  write(collection: DetailCollection, outcomes: DetailOutcome[], now: number): Promise<DetailWriteCounts>;
  /** Releases the writer; writes already accepted are finished first. */
  close(): Promise<void>;
}

/** How a sync gets its writer: a fresh one per run, closed when the run ends. */
export type DetailWriterFactory = (cache: DirectoryCache) => DetailWriter;

/** Writes on the caller's thread, in transactions of at most WRITE_SLICE_MS between event-loop turns. */
export function inlineDetailWriter(cache: DirectoryCache): DetailWriter {
  return {
    prepare: () => {},
    async write(collection, outcomes, now) {
      const quarantined: QuarantinedRecord[] = [];
      await writeInSlices(
        (fn) => cache.write(fn),
        outcomes,
        (outcome) => applyDetailOutcome(cache, collection, outcome, now),
        { setAside: setAsideInto(quarantined) },
      );
      return countWrites(outcomes, quarantined);
    },
    close: async () => {},
  };
}

/** What the worker is started with (`workerData`). */
export interface DetailWriterWorkerData {
  path: string;
  numbering: NumberingPlan;
}

export type DetailWriterRequest = {
  seq: number;
  collection: DetailCollection;
  outcomes: DetailOutcome[];
  now: number;
  /** The index entries of the persons' numbers, worked out on the sending side (NumberKeys.withKnown). */
  numbers: [raw: string, entry: IndexedNumber | null][];
};

export type DetailWriterReply =
  | { seq: number; counts: DetailWriteCounts }
  | { seq: number; error: { message: string; diskFull: boolean; corrupt: boolean } };

/** How many details a sync writes on its own thread before a worker thread pays for itself. */
export const INLINE_DETAILS_UP_TO = 2500;

export interface WorkerDetailWriterOptions {
  /**
   * A collection with at most this many details due is written on the sync's own thread: a thread of its
   * own costs 15–20 MB of memory, more than a few thousand persons take to write (docs/performance.md).
   */
  inlineUpTo?: number;
}

/**
 * Writes in a worker thread when the cache is a file and a collection is large, else on the caller's
 * thread. The worker's heap is capped: it holds a batch at a time, and an uncapped young generation would
 * grow to tens of megabytes.
 */
export function workerDetailWriterFactory(
  script: WorkerScript,
  { inlineUpTo = INLINE_DETAILS_UP_TO }: WorkerDetailWriterOptions = {},
): DetailWriterFactory {
  return (cache) => {
    const path = cache.databasePath;
    if (path === null) return inlineDetailWriter(cache);
    const workerData: DetailWriterWorkerData = { path, numbering: cache.numberingPlan };
    const startWorker = () =>
      new WorkerDetailWriter(
        new Worker(script.url, {
          workerData,
          execArgv: script.execArgv,
          resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 96 },
        }),
        path,
        cache.numberKeys,
        (cause) => cache.reportDamage(cause),
      );
    return sizedDetailWriter(inlineDetailWriter(cache), startWorker, inlineUpTo);
  };
}

/**
 * Chooses, per collection of a sync, between writing on the sync's own thread and a worker thread, by how
 * many details are due (`DetailWriter.plan`). The worker is started at the first large collection and kept
 * for the rest of the run. A collection is planned only once the one before it is written, so the two
 * writers never write at the same time.
 */
export function sizedDetailWriter(
  inline: DetailWriter,
  startWorker: () => DetailWriter,
  inlineUpTo: number,
): DetailWriter {
  let worker: DetailWriter | undefined;
  let current = inline;
  return {
    plan(collection, due) {
      current = due > inlineUpTo ? (worker ??= startWorker()) : inline;
      current.plan?.(collection, due);
    },
    prepare: (collection, outcome) => current.prepare(collection, outcome),
    write: (collection, outcomes, now) => current.write(collection, outcomes, now),
    async close() {
      await inline.close();
      await worker?.close();
    },
  };
}

class WorkerDetailWriter implements DetailWriter {
  private nextSeq = 1;
  private readonly pending = new Map<
    number,
    { resolve: (counts: DetailWriteCounts) => void; reject: (error: Error) => void }
  >();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Index entries of numbers of prepared persons not yet sent. */
  private readonly prepared = new Map<string, IndexedNumber | null>();
  private failure: Error | undefined;
  private readonly exited: Promise<void>;

  constructor(
    private readonly worker: Worker,
    private readonly path: string,
    private readonly numberKeys: NumberKeys,
    /** The writer met SQLITE_CORRUPT or NOTADB: the app's connection takes the damaged-file path. */
    private readonly reportDamage: (cause: Error) => Error,
  ) {
    worker.on('message', (reply: DetailWriterReply) => this.settle(reply));
    worker.on('error', (error) => this.fail(error));
    this.exited = new Promise((resolve) => {
      worker.once('exit', (code) => {
        this.fail(new Error(`the cache writer stopped unexpectedly (exit code ${code})`));
        resolve();
      });
    });
  }

  write(collection: DetailCollection, outcomes: DetailOutcome[], now: number): Promise<DetailWriteCounts> {
    if (this.failure) return Promise.reject(this.failure);
    const seq = this.nextSeq++;
    const written = new Promise<DetailWriteCounts>((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      const request: DetailWriterRequest = {
        seq,
        collection,
        outcomes,
        now,
        numbers: collection === 'persons' ? this.takeNumbers(outcomes) : [],
      };
      this.worker.postMessage(request);
    });
    this.inFlight.add(written);
    const forget = () => this.inFlight.delete(written);
    written.then(forget, forget);
    return written;
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.inFlight);
    this.failure ??= new Error('the cache writer is closed');
    this.worker.postMessage('close');
    await this.exited;
  }

  /**
   * Reading a number (libphonenumber) is a good part of saving a person. This thread mostly waits for the
   * PBX while the writer is the busy one, so each person's numbers are read here as it arrives (~0.1 ms;
   * a batch's at once would hold the event loop up for most of 100 ms) and sent along with the batch.
   */
  prepare(collection: DetailCollection, outcome: DetailOutcome): void {
    if (collection !== 'persons' || 'gone' in outcome) return;
    try {
      for (const raw of phoneNumbersOfPerson(outcome)) {
        if (!this.prepared.has(raw)) this.prepared.set(raw, this.numberKeys.index(raw));
      }
    } catch {
      // A person whose contacts cannot be read: the writer meets the same problem and quarantines them.
    }
  }

  private takeNumbers(outcomes: readonly DetailOutcome[]): [string, IndexedNumber | null][] {
    const entries: [string, IndexedNumber | null][] = [];
    for (const outcome of outcomes) {
      if ('gone' in outcome) continue;
      for (const raw of numbersOrNone(outcome)) {
        const entry = this.prepared.get(raw);
        // Not prepared (or sent with an earlier person of this batch): the writer reads it itself.
        if (entry === undefined) continue;
        entries.push([raw, entry]);
        this.prepared.delete(raw);
      }
    }
    return entries;
  }

  private settle(reply: DetailWriterReply): void {
    const waiting = this.pending.get(reply.seq);
    if (!waiting) return;
    this.pending.delete(reply.seq);
    if ('counts' in reply) return waiting.resolve(reply.counts);
    const { message, diskFull, corrupt } = reply.error;
    if (diskFull) return waiting.reject(new CacheFullError(this.path));
    const error = new Error(`cache write: ${message}`);
    waiting.reject(corrupt ? this.reportDamage(error) : error);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

function phoneNumbersOfPerson(outcome: { detail: unknown }): string[] {
  return phoneNumbersOf((outcome.detail as PersonDetail).contacts).map((number) => number.raw);
}

/** The person's numbers, or none when their contacts cannot be read (prepare skipped them too). */
function numbersOrNone(outcome: { detail: unknown }): string[] {
  try {
    return phoneNumbersOfPerson(outcome);
  } catch {
    return [];
  }
}
