/** The directory sync's worker writer as tests and benchmarks start it: the TypeScript source, run by tsx. */
import { workerDetailWriterFactory } from '../../src-main/cache';

export const sourceDetailWriter = workerDetailWriterFactory({
  url: new URL('../../src-main/cache/sync/detailWriterWorker.ts', import.meta.url),
  execArgv: ['--import', 'tsx'],
});
