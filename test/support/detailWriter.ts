/** The directory sync's worker writer as tests and benchmarks start it: the TypeScript source, run by tsx. */
import { workerDetailWriterFactory } from '../../src-main/cache';

const script = {
  url: new URL('../../src-main/cache/sync/detailWriterWorker.ts', import.meta.url),
  execArgv: ['--import', 'tsx'],
};

/** Writes every collection in the worker thread, however small: what the tests of the worker exercise. */
export const sourceDetailWriter = workerDetailWriterFactory(script, { inlineUpTo: 0 });

/** As the app writes: small collections on the sync's own thread, large ones in the worker. */
export const sizedSourceDetailWriter = (inlineUpTo: number) =>
  workerDetailWriterFactory(script, { inlineUpTo });
