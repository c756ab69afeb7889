/**
 * The cache writer's worker thread (see detailWriter.ts): its own connection to the cache file, one
 * transaction per batch, answers in the order the batches came. Only ever started by WorkerDetailWriter.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openWriterConnection } from '../database/openWriterConnection';
import { isCorruption, isDiskFull } from '../database/sqliteErrors';
import { DirectoryStore } from '../store/directoryStore';
import { NumberKeys } from '../store/numberKeys';
import { storeDetailBatch } from './detailOutcome';
import type { DetailWriterReply, DetailWriterRequest, DetailWriterWorkerData } from './detailWriter';
import { SyncLedger } from './syncLedger';

const port = parentPort!;
const { path, numbering } = workerData as DetailWriterWorkerData;
const db = openWriterConnection(path);
const numberKeys = new NumberKeys(numbering);
const target = { store: new DirectoryStore(db, numberKeys), ledger: new SyncLedger(db) };

port.on('message', (message: DetailWriterRequest | 'close') => {
  if (message === 'close') {
    // Leaves the app's connection a short WAL rather than the checkpoint of a whole sync.
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    port.close();
    return;
  }
  const { seq, collection, outcomes, now, numbers } = message;
  let reply: DetailWriterReply;
  try {
    const counts = numberKeys.withKnown(new Map(numbers), () =>
      storeDetailBatch(target, collection, outcomes, now, (fn) => db.transaction(fn)()),
    );
    reply = { seq, counts };
  } catch (error) {
    reply = {
      seq,
      error: {
        message: error instanceof Error ? error.message : String(error),
        diskFull: isDiskFull(error),
        corrupt: isCorruption(error),
      },
    };
  }
  port.postMessage(reply);
});
