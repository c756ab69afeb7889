/**
 * The offline directory's copy of the bench's whole directory (docs/team-server.md, "Offline directory").
 * First the server's side alone: every `directory:export` page as the handler answers it over the bench's
 * cache, with the frame's JSON, timed in this thread's CPU (the whole export, the median and longest page:
 * what one page holds the server's event loop). Then the copy as a team server's desktop client makes it:
 * the same pages, serialised and parsed as the WebSocket carries them, into an OfflineDirectory; its wall
 * time, the most CPU the client's writing held its own event loop, and the copy file's size.
 */
import { statSync } from 'node:fs';
import { directoryExportPage } from '../../../src-main/app/directory/directoryExportPage';
import type { CacheDatabase, DirectoryCache } from '../../../src-main/cache';
import { OfflineDirectory, offlineDirectoryFile } from '../../../src-main/remote/offlineDirectory';
import type { DirectoryExportArgs, IpcResult } from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import type { Report } from '../run';
import { monitorHoldUps } from './holdUps';
import { percentile } from './percentile';

const SERVER_URL = 'https://team.example';
const PAGE_SIZE = 500;

type ServerCache = Parameters<typeof directoryExportPage>[0];

export async function measureOfflineCopy(
  report: Report,
  opened: { database: CacheDatabase; directory: DirectoryCache },
  dataDirectory: string,
): Promise<void> {
  const server: ServerCache = { fileName: 'bench', country: 'CZ', ...opened };
  measureServerPages(report, server);
  const frame = (args: unknown) =>
    JSON.stringify({ ok: true, value: directoryExportPage(server, args as DirectoryExportArgs) });
  const invoke = async (_channel: string, args: unknown): Promise<IpcResult<unknown>> => {
    const sent = frame(args);
    // A turn of the event loop, as a frame's arrival is.
    await new Promise((resolve) => setImmediate(resolve));
    return JSON.parse(sent) as IpcResult<unknown>;
  };
  const copy = new OfflineDirectory({
    directory: dataDirectory,
    serverUrl: SERVER_URL,
    logger: silentLogger,
    clock: { now: () => Date.now() },
    pageSize: PAGE_SIZE,
  });
  try {
    const holdUps = monitorHoldUps();
    const started = performance.now();
    const outcome = await copy.refresh(invoke);
    const wallMs = performance.now() - started;
    const held = holdUps.stop();
    if (outcome !== 'copied') throw new Error(`the offline copy was ${outcome}`);
    if (copy.search({ query: 'a', limit: 1 })?.persons.items.length !== 1)
      throw new Error('the offline copy finds no person');
    report('offline_directory_copy_total', wallMs / 1000, 's', '(whole directory, client and server)');
    // Includes the server's page reads, which run in this process here.
    report('offline_directory_copy_max_event_loop_hold_cpu', held.maxThreadCpuMs, 'ms');
    report(
      'offline_directory_copy_file_size',
      statSync(offlineDirectoryFile(dataDirectory, SERVER_URL)).size / 1024 / 1024,
      'MB',
    );
  } finally {
    copy.close();
  }
}

/** Every page the server answers for one copy, each timed in this thread's CPU. */
function measureServerPages(report: Report, server: ServerCache): void {
  const pageMs: number[] = [];
  let cursor: string | undefined;
  do {
    const cpu = process.threadCpuUsage();
    const page = directoryExportPage(server, { cursor, limit: PAGE_SIZE });
    JSON.stringify({ ok: true, value: page });
    const used = process.threadCpuUsage(cpu);
    pageMs.push((used.user + used.system) / 1000);
    cursor = page.next ?? undefined;
  } while (cursor);
  const sorted = [...pageMs].sort((a, b) => a - b);
  report(
    'offline_directory_export_server_cpu',
    pageMs.reduce((sum, ms) => sum + ms, 0),
    'ms',
  );
  report('offline_directory_export_pages', pageMs.length, 'pages', `(${PAGE_SIZE} entries each)`);
  report('offline_directory_export_page_cpu_p50', percentile(sorted, 50), 'ms');
  report('offline_directory_export_page_cpu_max', sorted.at(-1)!, 'ms', '< 50 ms (the server’s event loop)');
}
