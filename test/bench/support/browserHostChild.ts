/**
 * The browser host as browserHostMain.ts composes it, on a fresh profile (demo mode), without its terminal
 * and lock files: AppCore (composeAppCore, the built writer and integrity-check threads from out/main), the
 * browser host's server on port 0 serving out/renderer, then `core.start()`, which starts the demo PBX and
 * its first directory sync. Bundled by mainProcessBundle.ts and run by plain node, so no TypeScript loader
 * is counted.
 *
 * BENCH_DEMO_PBX says where the demo PBX runs: `in-process` (as the app runs it; the bundled demo-pbx module
 * at BENCH_DEMO_PBX_MODULE, imported when the demo starts), or `child` (the bundled demoPbxProcess.ts at
 * BENCH_DEMO_PBX_SCRIPT, in a process of its own): then this process's memory is the app's own part.
 *
 * The demo PBX rings no calls by itself in either case (`ringEverySeconds: 0`, as in every bench).
 *
 * It samples its own resident set size every 100 ms from the moment its URL would be printed until it has
 * idled BENCH_SETTLE_MS after the first sync, and sends the figures over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DemoPbxHandle } from '../../../src-main/app/connection/connectionModeController';
import type * as DemoPbxModule from '../../../src-main/demo-pbx';
import { silentLogger } from '../../../src-main/shared/logger';
import { startBrowserHost } from '../../../src-main/web/browserHost';
import { composeHeadlessCore } from '../../support/testAppCore';
import { startDemoPbxProcess, type DemoPbxProcess } from './demoPbxChild';
import { statusBytes, traceMemory } from './memoryTrace';

export interface BrowserHostMemory {
  type: 'figures';
  /** Resident set size one second after the URL, at its largest until idle, and idle after the first sync. */
  rssOneSecondAfterUrl: number;
  rssPeak: number;
  rssIdle: number;
  /** The demo PBX's own process at the same moments (BENCH_DEMO_PBX=child only; else 0). */
  demoRssOneSecondAfterUrl: number;
  demoRssPeak: number;
  demoRssIdle: number;
  persons: number;
  /** CPU time of this process from its start to idle after the first sync (user + system). */
  cpuMs: number;
}

const builtMain = new URL(process.env.BENCH_BUILT_MAIN ?? 'file:///missing/');
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 15_000);
const demoPbx = process.env.BENCH_DEMO_PBX;
const demoInChild = demoPbx === 'child';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let demoChild: DemoPbxProcess | undefined;
async function startDemo(): Promise<DemoPbxHandle> {
  if (!demoInChild) {
    const module = (await import(
      pathToFileURL(process.env.BENCH_DEMO_PBX_MODULE ?? '').href
    )) as typeof DemoPbxModule;
    return module.startDemoPbx({ logger: silentLogger, ringEverySeconds: 0 });
  }
  demoChild = await startDemoPbxProcess({}, { script: process.env.BENCH_DEMO_PBX_SCRIPT });
  const { ready } = demoChild;
  return {
    baseUrl: ready.baseUrl,
    credentials: ready.credentials,
    agent: { username: ready.agentUsername, phone: ready.agentPhone! },
    close: async () => demoChild?.stop(),
  };
}

const userData = mkdtempSync(join(tmpdir(), 'ringside-bench-host-'));
const { core } = await composeHeadlessCore({
  userData,
  detailWriterWorker: new URL('detailWriterWorker.js', builtMain),
  integrityCheckWorker: new URL('integrityCheckWorker.js', builtMain),
  demoPbx: { start: startDemo },
});
const host = await startBrowserHost({
  core,
  logger: silentLogger,
  rendererDirectory: fileURLToPath(new URL('../renderer/', builtMain)),
  port: 0,
});
try {
  // The moment the real host prints its URL; it then starts the core (the demo PBX, the first sync).
  const urlAt = performance.now();
  void core.start();
  const own: { at: number; rss: number }[] = [];
  const demo: { at: number; rss: number }[] = [];
  const sample = async () => {
    const at = performance.now() - urlAt;
    own.push({ at, rss: statusBytes('VmRSS') });
    if (process.env.RINGSIDE_BENCH_MEMORY_TRACE === '1')
      traceMemory(
        `${demoPbx} +${at.toFixed(0)} ms sync ${JSON.stringify(core.directorySync.status().running)}`,
      );
    if (demoChild) demo.push({ at, rss: (await demoChild.usage()).rss });
  };
  const synced = () => core.directorySync.status().lastCompletedAt !== null;
  let syncedAt: number | undefined;
  while (syncedAt === undefined || performance.now() - syncedAt < settleMs) {
    await sample();
    if (syncedAt === undefined && synced()) syncedAt = performance.now();
    await sleep(100);
  }
  await sample();
  const atOneSecond = (samples: { at: number; rss: number }[]) =>
    samples.find((item) => item.at >= 1000)?.rss ?? 0;
  const peak = (samples: { at: number; rss: number }[]) => Math.max(0, ...samples.map((item) => item.rss));
  const figures: BrowserHostMemory = {
    type: 'figures',
    rssOneSecondAfterUrl: atOneSecond(own),
    rssPeak: peak(own),
    rssIdle: own.at(-1)!.rss,
    demoRssOneSecondAfterUrl: atOneSecond(demo),
    demoRssPeak: peak(demo),
    demoRssIdle: demo.at(-1)?.rss ?? 0,
    persons: core.directorySync.status().counts?.persons ?? 0,
    cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  };
  process.send!(figures);
} finally {
  await host.close();
  await core.dispose();
  rmSync(userData, { recursive: true, force: true });
}
