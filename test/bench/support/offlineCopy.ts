/**
 * The offline directory's copy of the bench's whole directory (docs/team-server.md, "Offline directory"):
 * `directory:export` answered by the server's handler over the bench's cache, each page serialised and
 * parsed as the WebSocket carries it, into an OfflineDirectory as a team server's desktop client keeps it.
 * Reported: the copy's wall time, the server's CPU for the whole export (its page reads and their JSON),
 * the most CPU one page held the server, the most CPU the client's writing held its own event loop (the
 * desktop's main process), the page count and the copy file's size.
 */
import { statSync } from 'node:fs';
import { directoryExportPage } from '../../../src-main/app/directory/directoryExportPage';
import type { CacheDatabase, DirectoryCache } from '../../../src-main/cache';
import { OfflineDirectory, offlineDirectoryFile } from '../../../src-main/remote/offlineDirectory';
import type { DirectoryExportArgs, IpcResult } from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import type { Report } from '../run';
import { monitorHoldUps } from './holdUps';

const SERVER_URL = 'https://team.example';

export async function measureOfflineCopy(
  report: Report,
  opened: { database: CacheDatabase; directory: DirectoryCache },
  dataDirectory: string,
): Promise<void> {
  const server = { fileName: 'bench', country: 'CZ', ...opened };
  let serverCpuMicros = 0;
  let longestPageMs = 0;
  let pages = 0;
  // The server's side of each round trip: the handler's page and the frame it sends.
  const invoke = async (_channel: string, args: unknown): Promise<IpcResult<unknown>> => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const frame = JSON.stringify({
      ok: true,
      value: directoryExportPage(server, args as DirectoryExportArgs),
    });
    longestPageMs = Math.max(longestPageMs, performance.now() - started);
    const used = process.cpuUsage(cpu);
    serverCpuMicros += used.user + used.system;
    pages++;
    // A turn of the event loop, as a frame's arrival is.
    await new Promise((resolve) => setImmediate(resolve));
    return JSON.parse(frame) as IpcResult<unknown>;
  };
  const copy = new OfflineDirectory({
    directory: dataDirectory,
    serverUrl: SERVER_URL,
    logger: silentLogger,
    clock: { now: () => Date.now() },
  });
  try {
    const holdUps = monitorHoldUps();
    const started = performance.now();
    const outcome = await copy.refresh(invoke);
    const wallMs = performance.now() - started;
    const held = holdUps.stop();
    if (outcome !== 'copied') throw new Error(`the offline copy was ${outcome}`);
    const persons = copy.search({ query: 'a', limit: 1 })?.persons.items.length;
    if (persons !== 1) throw new Error('the offline copy finds no person');
    report('offline_directory_copy_total', wallMs / 1000, 's', '(whole directory, client and server)');
    report('offline_directory_copy_server_cpu', serverCpuMicros / 1000, 'ms');
    report(
      'offline_directory_copy_longest_page_cpu',
      longestPageMs,
      'ms',
      '< 50 ms (the server’s event loop)',
    );
    // Includes the server's page reads above, which run in this process here.
    report('offline_directory_copy_max_event_loop_hold_cpu', held.maxThreadCpuMs, 'ms');
    report('offline_directory_copy_pages', pages, 'pages');
    report(
      'offline_directory_copy_file_size',
      statSync(offlineDirectoryFile(dataDirectory, SERVER_URL)).size / 1024 / 1024,
      'MB',
    );
  } finally {
    copy.close();
  }
}
