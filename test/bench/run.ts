/**
 * `npm run bench`: runs every `test/bench/*.bench.ts` (or only those whose name contains an argument) and
 * prints one line per figure: `bench <name> <value> <unit>`, with the target as a comment when there is one.
 *
 * On a fresh clone it first builds the app (`electron-vite build`), which several benches run as built.
 *
 * Adding a bench is one file: `export default async function (report: Report) { report('name', 42, 'ms'); }`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type Report = (name: string, value: number, unit: string, target?: string) => void;

const report: Report = (name, value, unit, target) => {
  const rounded = Number.isInteger(value) ? String(value) : value.toFixed(1);
  const line = `bench ${name} ${rounded} ${unit}`;
  console.log(target ? `${line.padEnd(56)} # target ${target}` : line);
};

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

const projectRoot = join(here, '..', '..');
const builtOutputs = [
  'out/main/index.js',
  'out/main/browserHost.js',
  'out/main/detailWriterWorker.js',
  'out/renderer/index.html',
];
if (!builtOutputs.every((output) => existsSync(join(projectRoot, output)))) {
  console.log('bench: the app is not built; running electron-vite build first');
  execFileSync('npx', ['electron-vite', 'build'], { cwd: projectRoot, stdio: 'inherit' });
}

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
process.exit(failed ? 1 : 0);
