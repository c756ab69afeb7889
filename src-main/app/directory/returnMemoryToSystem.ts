/**
 * Returns the memory a bulk job (a first directory sync) left behind. V8 grows its young generation to the
 * maximum (128 MB on a desktop) under a sustained allocation rate, and gives it back only under memory
 * pressure; after a sync of 100,000 persons that is most of the main process's resident memory. One
 * memory-reducing collection (what V8 runs when the system is low on memory) shrinks it back. It takes some
 * tens of milliseconds, so it runs once after bulk work, never routinely.
 *
 * Kept, measured (bench: cache, 100,000 persons): it takes the process from 370–420 MB to 180–210 MB, the young
 * generation from 128 MB to 1 MB and the old one from ~70 MB to ~20 MB. The young generation's limit cannot be
 * lowered from here instead: V8 reads `--max-semi-space-size` when the heap is set up, not at run time.
 * Then malloc's free pages go back to the OS too (trimMallocHeaps.ts): 160 MB → 125–135 MB in plain Node.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { trimMallocHeaps } from './trimMallocHeaps';

type GcFunction = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let gc: GcFunction | undefined;

/** V8's `gc()` without starting the process with --expose-gc: the flag applies to contexts made after it. */
function collector(): GcFunction {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as GcFunction;
  }
  return gc;
}

export function returnMemoryToSystem(): void {
  collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  // After the collection: it frees the ArrayBuffers and strings whose memory malloc holds.
  trimMallocHeaps();
}
