// Prints one closing line per runner and a total, from the JSON reports vitest and Playwright wrote during
// `npm test`, in the plain form "N passed, N failed" that CI and people read at the end of a long log.
import { readFileSync } from 'node:fs';

function read(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

const rows = [];
const vitest = read('reports/vitest.json');
if (vitest) {
  rows.push([
    'vitest',
    vitest.numPassedTests,
    vitest.numFailedTests,
    vitest.numPendingTests + vitest.numTodoTests,
  ]);
}
for (const [label, path] of [
  ['playwright', 'reports/playwright.json'],
  ['electron', 'reports/playwright-electron.json'],
]) {
  const report = read(path);
  if (!report) continue;
  const { expected, unexpected, flaky, skipped } = report.stats;
  rows.push([label, expected + flaky, unexpected, skipped]);
}
if (rows.length === 0) {
  console.error('test-summary: no test reports found in reports/');
  process.exit(1);
}

const line = (label, passed, failed, skipped) =>
  `${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
for (const row of rows) console.log(line(...row));
const total = rows.reduce((sum, [, p, f, s]) => [sum[0] + p, sum[1] + f, sum[2] + s], [0, 0, 0]);
console.log(line('total', ...total));
process.exit(total[1] > 0 || total[0] === 0 ? 1 : 0);
