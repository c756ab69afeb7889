/**
 * With `RINGSIDE_BENCH_MEMORY_TRACE=1`, prints where the process's memory is at a named moment: resident size,
 * V8's heap by space, what lies outside it (anonymous: malloc, SQLite; file: the executable and libraries) and,
 * on request, the largest resident mappings (malloc arenas are the anonymous 64 MB-aligned ones).
 */
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const enabled = process.env.RINGSIDE_BENCH_MEMORY_TRACE === '1';
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export function traceMemory(moment: string, { mappings = false } = {}): void {
  if (!enabled) return;
  const usage = process.memoryUsage();
  const spaces = getHeapSpaceStatistics()
    .filter((space) => space.space_size > 0)
    .map((space) => `${space.space_name.replace('_space', '')}=${mb(space.space_size)}`)
    .join(' ');
  console.log(
    `memory ${moment}: rss=${mb(usage.rss)} heapTotal=${mb(usage.heapTotal)} heapUsed=${mb(usage.heapUsed)} ` +
      `external=${mb(usage.external)} ${residentKinds()} | ${spaces}`,
  );
  if (mappings) console.log(largestMappings(12));
}

/** Linux only (elsewhere empty): /proc/self/status's anonymous and file-backed resident memory. */
function residentKinds(): string {
  const status = readProc('status');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return status ? `anon=${mb(field('RssAnon'))} file=${mb(field('RssFile'))}` : '';
}

function largestMappings(count: number): string {
  const mappings: { rss: number; name: string }[] = [];
  let name = '';
  for (const line of readProc('smaps').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) name = line.replace(/\s+/g, ' ');
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) mappings.push({ rss: Number(rss[1]) * 1024, name });
  }
  return mappings
    .sort((a, b) => b.rss - a.rss)
    .slice(0, count)
    .map(({ rss, name }) => `  ${mb(rss).padStart(6)} MB  ${name}`)
    .join('\n');
}

function readProc(file: string): string {
  try {
    return readFileSync(`/proc/self/${file}`, 'utf8');
  } catch {
    return '';
  }
}
