/**
 * What the browser host's memory is made of during a demo start: the host as browserHostMain composes it
 * (support/browserHostChild.ts, run by plain node), once with the demo PBX in its process, as the app runs
 * it, and once with the demo PBX in a process of its own. The second one's resident set is the app's own
 * part; the demo PBX's is its process's. Each: one second after the URL, at its largest until idle, and
 * idle 15 s after the first sync. Both with the Node options the launcher gives the host; then the app's part
 * once more without them, to show what they save and what they cost in CPU.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BROWSER_HOST_NODE_FLAGS } from '../../scripts/launcher/index.mjs';
import type { Report } from './run';
import type { BrowserHostMemory } from './support/browserHostChild';
import { bundle, runBundledChild } from './support/mainProcessBundle';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const builtMain = new URL('out/main/', pathToFileURL(projectRoot));
/** The app's own part may not exceed this at any moment of a demo start. */
const APP_LIMIT_MB = 150;

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const mb = (bytes: number) => bytes / 1024 / 1024;

async function measure(
  demoPbx: 'in-process' | 'child',
  nodeOptions: readonly string[] = BROWSER_HOST_NODE_FLAGS,
): Promise<BrowserHostMemory> {
  const script = await bundle(source('./support/browserHostChild.ts'), 'browserHostChild');
  return runBundledChild<BrowserHostMemory>(
    script,
    `the browser host child (${demoPbx})`,
    {
      BENCH_BUILT_MAIN: builtMain.href,
      BENCH_DEMO_PBX: demoPbx,
      BENCH_DEMO_PBX_MODULE: await bundle(source('../../src-main/demo-pbx/index.ts'), 'demoPbx'),
      BENCH_DEMO_PBX_SCRIPT: await bundle(source('./support/demoPbxProcess.ts'), 'demoPbxProcess'),
    },
    nodeOptions,
  );
}

export default async function (report: Report): Promise<void> {
  const together = await measure('in-process');
  const apart = await measure('child');
  if (apart.persons === 0 || together.persons === 0) throw new Error('the demo start synced no persons');
  const moments = [
    ['1 s after the URL', 'rssOneSecondAfterUrl', 'demoRssOneSecondAfterUrl'],
    ['peak of the demo start', 'rssPeak', 'demoRssPeak'],
    ['idle after the first sync', 'rssIdle', 'demoRssIdle'],
  ] as const;
  for (const [moment, own, demo] of moments) {
    report(`browser-host with demo PBX in process, rss ${moment}`, mb(together[own]), 'MB');
    report(
      `browser-host app part (demo PBX apart), rss ${moment}`,
      mb(apart[own]),
      'MB',
      `< ${APP_LIMIT_MB} MB`,
    );
    report(`browser-host demo PBX part (own process), rss ${moment}`, mb(apart[demo]), 'MB');
  }
  const plain = await measure('child', []);
  const flags = BROWSER_HOST_NODE_FLAGS.join(' ');
  report(`browser-host app part without ${flags}, rss peak of the demo start`, mb(plain.rssPeak), 'MB');
  report(`browser-host app part CPU to idle, with ${flags}`, apart.cpuMs, 'ms');
  report(`browser-host app part CPU to idle, without it`, plain.cpuMs, 'ms');
}
