/**
 * `npm run bench`: runs every `test/bench/*.bench.ts` (or only those whose name contains an argument:
 * `npm run bench -- cache`) and prints one line per figure: `bench <name> <value> <unit>`, with the target as
 * a comment when there is one; and one line per ratio of a figure to its limit measured in the same run
 * (support/ratios.ts). The ratios of the run are written to reports/bench-ratios.json.
 *
 * `--compare` prints each ratio beside the committed baseline (test/bench/baseline.json) and exits non-zero
 * when one is more than 25 % worse; `--update-baseline` writes this run's ratios into the baseline.
 *
 * It first builds the app (`electron-vite build`), which several benches run as built: every run, so a build
 * an earlier run left in out/ is never measured in place of this tree's.
 *
 * Adding a bench is one file: `export default async function (report: Report) { report('name', 42, 'ms'); }`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  compareWithBaseline,
  formatRatio,
  ratioOf,
  refreshedBaseline,
  type Baseline,
  type Goal,
  type RatioResult,
} from './support/ratios';

export interface Report {
  (name: string, value: number, unit: string, target?: string): void;
  /** A figure beside its limit measured in the same run: printed with the ratio and the goal, and kept. */
  ratio(name: string, figure: number, limit: number, unit: string, goal: Goal): void;
}

const ratios: RatioResult[] = [];
const report: Report = Object.assign(
  (name: string, value: number, unit: string, target?: string) => {
    const rounded = Number.isInteger(value) ? String(value) : value.toFixed(1);
    const line = `bench ${name} ${rounded} ${unit}`;
    console.log(target ? `${line.padEnd(56)} # target ${target}` : line);
  },
  {
    ratio(name: string, figure: number, limit: number, unit: string, goal: Goal) {
      const result = ratioOf(name, figure, limit, unit, goal);
      ratios.push(result);
      console.log(formatRatio(result));
    },
  },
);

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const compare = args.includes('--compare');
const updateBaseline = args.includes('--update-baseline');
const filters = args.filter((arg) => !arg.startsWith('--'));
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

const projectRoot = join(here, '..', '..');
// Always built first: benches that run the built app would otherwise measure whatever an earlier build left
// in out/ (a stale bundle once passed for this tree's). The build takes seconds beside the benches' minutes.
console.log('bench: building the app (electron-vite build), so the figures are of this tree');
execFileSync('npx', ['electron-vite', 'build'], { cwd: projectRoot, stdio: 'inherit' });

let failed = false;
for (const file of files) {
  try {
    const bench = (await import(pathToFileURL(join(here, file)).href)) as {
      default: (report: Report) => Promise<void>;
    };
    await bench.default(report);
  } catch (error) {
    failed = true;
    console.error(`bench ${file} failed:`, error);
  }
}

const reportsDirectory = join(projectRoot, 'reports');
mkdirSync(reportsDirectory, { recursive: true });
writeFileSync(join(reportsDirectory, 'bench-ratios.json'), `${JSON.stringify(ratios, null, 2)}\n`);

const baselinePath = join(here, 'baseline.json');
const baseline = existsSync(baselinePath)
  ? (JSON.parse(readFileSync(baselinePath, 'utf8')) as Baseline)
  : undefined;
if (compare) {
  if (!baseline) {
    console.error(`bench: no baseline at ${baselinePath}; run with --update-baseline first`);
    failed = true;
  } else {
    const comparison = compareWithBaseline(ratios, baseline, { filtered: filters.length > 0 });
    console.log(`compare: against the baseline of ${baseline.date} (${baseline.note})`);
    for (const row of comparison.rows) console.log(row.line);
    failed ||= comparison.failed;
  }
}
if (updateBaseline) {
  const note = `ratios of \`npm run bench\` on ${process.env.RINGSIDE_BENCH_MACHINE ?? 'a shared 2-core machine'}`;
  const refreshed = refreshedBaseline(baseline, ratios, new Date().toISOString().slice(0, 10), note);
  writeFileSync(baselinePath, `${JSON.stringify(refreshed, null, 2)}\n`);
  console.log(`bench: wrote ${ratios.length} ratios to ${baselinePath}`);
}
process.exit(failed ? 1 : 0);
