/**
 * A hostile 60 MB answer from the PBX (a page of persons, streamed and declared) is refused before it is
 * buffered, and memory does not stay grown: the client in a child process of its own reads it three times
 * each way; its resident size after (GC run) is within 20 MB of before, and the peak is printed beside it.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Report } from './run';

interface Figures {
  before: number;
  peak: number;
  after: number;
  refused: number;
  attempts: number;
}

const MB = 1024 * 1024;

export default async function hostileBodyBench(report: Report): Promise<void> {
  const child = fork(fileURLToPath(new URL('./support/hostileBodyProcess.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const figures = await new Promise<Figures>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Figures));
    child.once('exit', (code) => reject(new Error(`the hostile-body client exited with ${code}`)));
  });
  child.kill();
  if (figures.refused !== figures.attempts) {
    throw new Error(`only ${figures.refused} of ${figures.attempts} hostile answers were refused`);
  }
  report('hostile_body_rss_before', figures.before / MB, 'MB');
  report('hostile_body_rss_peak_growth', (figures.peak - figures.before) / MB, 'MB');
  report('hostile_body_rss_after_growth', (figures.after - figures.before) / MB, 'MB', '< 20 MB');
}
