/**
 * The app's main process without a window, for the memory figures: the AppCore every host runs
 * (`composeAppCore`: settings file, cache files, the built writer and integrity-check threads), configured
 * for the PBX at BENCH_PBX (JSON: baseUrl, clientId, clientSecret, phone) with its secret in memory. It
 * saves those settings, waits for the first directory sync to finish (the sync scheduler then returns the
 * sync's memory, as in the app), lets the process idle for BENCH_SETTLE_MS (another ~15 MB leaves some 8 s
 * after the sync, when V8's memory reducer runs its own collections), and sends its memory figures. With
 * BENCH_HEAP_SNAPSHOT=path it also writes a heap snapshot there.
 *
 * Bundled by mainProcessBundle.ts and run by plain `node`, as the browser host runs: no TypeScript loader in
 * the process, whose own threads and heap would be counted as the app's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import type { PhoneSelectorDto } from '../../../src-main/shared/contract';
import { composeHeadlessCore } from '../../support/testAppCore';
import { residentMappings, statusBytes } from './memoryTrace';

export interface MainProcessTarget {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  phone: PhoneSelectorDto | null;
}

/** What the child sends once its first sync is done and it has idled. */
export interface MainProcessFigures {
  type: 'figures';
  /** Milliseconds from saving the settings to the first sync's end. */
  syncMs: number;
  /**
   * CPU time of the whole process (every thread: the writer's too) over those milliseconds, in µs: what the
   * app's main process spends on its first sync, with no TypeScript loader in it.
   */
  syncCpuMicros: number;
  persons: number;
  /** VmRSS one second after the sync's end, in bytes. */
  rssOneSecondAfter: number;
  /** /proc/self/status, in bytes: resident in all, anonymous (heaps, malloc) and file-backed (code). */
  rss: number;
  rssAnon: number;
  rssFile: number;
  heapTotal: number;
  /** The largest resident mappings (Linux), to tell malloc arenas from V8's and the code's. */
  largestMappings: { bytes: number; name: string }[];
}

const target = JSON.parse(process.env.BENCH_PBX ?? '{}') as MainProcessTarget;
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 15_000);
const builtMain = new URL(process.env.BENCH_BUILT_MAIN ?? 'file:///missing/');

const userData = mkdtempSync(join(tmpdir(), 'ringside-bench-main-'));
const { core } = await composeHeadlessCore({
  userData,
  detailWriterWorker: new URL('detailWriterWorker.js', builtMain),
  integrityCheckWorker: new URL('integrityCheckWorker.js', builtMain),
});
try {
  await core.start();
  const { settings } = await core.commands['settings:get']();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const saved = await core.commands['settings:save']({
    settings: {
      ...settings,
      mode: 'configured',
      baseUrl: target.baseUrl,
      clientId: target.clientId,
      phone: target.phone,
    },
    secret: target.clientSecret,
  });
  if (!saved.saved) throw new Error(`the settings were refused: ${JSON.stringify(saved)}`);
  // The sync starts once the new settings have connected; it has ended once it is no longer running and
  // has a completion time (a failed one has an error instead).
  let status = core.directorySync.status();
  let seenRunning = false;
  while (status.running || status.lastCompletedAt === null) {
    seenRunning ||= status.running;
    if (seenRunning && !status.running) throw new Error(`the first sync failed: ${status.error}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = core.directorySync.status();
  }
  const syncMs = performance.now() - started;
  const syncCpu = process.cpuUsage(cpuBefore);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const rssOneSecondAfter = statusBytes('VmRSS');
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, settleMs - 1_000)));
  const figures: MainProcessFigures = {
    type: 'figures',
    syncMs,
    syncCpuMicros: syncCpu.user + syncCpu.system,
    persons: core.directorySync.status().counts?.persons ?? 0,
    rssOneSecondAfter,
    rss: statusBytes('VmRSS'),
    rssAnon: statusBytes('RssAnon'),
    rssFile: statusBytes('RssFile'),
    heapTotal: getHeapStatistics().total_heap_size,
    largestMappings: residentMappings().slice(0, 12),
  };
  // For finding where the heap goes (open it in Chromium's DevTools ▸ Memory); after the figures, since
  // writing one costs memory of its own.
  if (process.env.BENCH_HEAP_SNAPSHOT) writeHeapSnapshot(process.env.BENCH_HEAP_SNAPSHOT);
  process.send!(figures);
} finally {
  await core.dispose();
  rmSync(userData, { recursive: true, force: true });
}
