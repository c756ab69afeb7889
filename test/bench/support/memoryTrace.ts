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
  if (mappings) console.log(formatMappings(residentMappings(), 12));
}

/**
 * Linux only (elsewhere empty): /proc/self/status's anonymous and file-backed resident memory, and the
 * anonymous part by kind (residentByKind).
 */
function residentKinds(): string {
  if (!readProc('status')) return '';
  const kinds = Object.entries(residentByKind())
    .map(([kind, bytes]) => `${kind}=${mb(bytes)}`)
    .join(' ');
  return `anon=${mb(statusBytes('RssAnon'))} file=${mb(statusBytes('RssFile'))} (${kinds})`;
}

/**
 * Anonymous resident memory by what it most likely is: the main thread's malloc heap (`[heap]`: SQLite's
 * page cache of the app's connection, Node's own), other threads' malloc arenas (64 MB-aligned mappings
 * above 0x7f00…: the writer thread's SQLite page cache and allocations), and the rest (V8's heaps of the main
 * thread and of each worker thread, thread stacks).
 */
export function residentByKind(): { mallocMain: number; mallocThreads: number; v8AndOther: number } {
  const kinds = { mallocMain: 0, mallocThreads: 0, v8AndOther: 0 };
  for (const { bytes, name } of residentMappings()) {
    const [range = '', , , , inode, path] = name.split(' ');
    if (inode !== '0' && inode !== undefined) continue;
    if (path === '[heap]') kinds.mallocMain += bytes;
    else if (path?.startsWith('[')) continue;
    else if (isThreadArena(BigInt(`0x${range.split('-')[0]}`))) kinds.mallocThreads += bytes;
    else kinds.v8AndOther += bytes;
  }
  return kinds;
}

/** glibc maps each thread's arena on a 64 MB boundary, high in the address space. */
const isThreadArena = (start: bigint) => start >= 0x7f0000000000n && start % 0x4000000n === 0n;

/** A size field of /proc/self/status (`VmRSS`, `RssAnon`…), in bytes; 0 where there is none (not Linux). */
export function statusBytes(field: string): number {
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readProc('status'))?.[1] ?? 0) * 1024;
}

/** The process's resident mappings (Linux; elsewhere none), largest first, each in bytes with its smaps line. */
export function residentMappings(): { bytes: number; name: string }[] {
  const mappings: { bytes: number; name: string }[] = [];
  let name = '';
  for (const line of readProc('smaps').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) name = line.replace(/\s+/g, ' ');
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) mappings.push({ bytes: Number(rss[1]) * 1024, name });
  }
  return mappings.sort((a, b) => b.bytes - a.bytes);
}

/** `count` mappings as lines: `  32.3 MB  <smaps line>`. */
export function formatMappings(mappings: { bytes: number; name: string }[], count: number): string {
  return mappings
    .slice(0, count)
    .map(({ bytes, name }) => `  ${mb(bytes).padStart(6)} MB  ${name}`)
    .join('\n');
}

function readProc(file: string): string {
  try {
    return readFileSync(`/proc/self/${file}`, 'utf8');
  } catch {
    return '';
  }
}
