/**
 * axe-core on the page as it is now, against WCAG 2.2 A and AA; only what axe rates serious or critical
 * counts. Each finding names where it was seen, the rule, the element and why, so a failure says what to fix.
 *
 * axe-core runs in the page itself, put there once per document: @axe-core/playwright evaluated axe's
 * 640 kB script again before every scan, which was most of a scan's 0.7–1 s here, and the walks make some
 * fifty. The app has no frames, so a scan of the top document sees everything.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const COUNTED = new Set(['serious', 'critical']);

let axeSource: string | undefined;
/** axe-core's browser build, read once per test worker. */
function axeScript(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

type AxeWindow = Window & { axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };

/** Puts axe into the page's current document unless it is there (a navigation or reload starts a new one). */
async function ensureAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => (window as AxeWindow).axe !== undefined);
  // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) does not stop it.
  if (!present) await page.evaluate(axeScript());
}

/**
 * The serious and critical violations on the page, one line per element, prefixed with `where`. `contrastOnly`:
 * only the colour contrast rule, for a second theme of a page already scanned whole (structure, names and
 * roles do not change with the theme; colours do).
 */
export async function axeViolations(
  page: Page,
  where: string,
  { contrastOnly = false }: { contrastOnly?: boolean } = {},
): Promise<string[]> {
  await ensureAxe(page);
  const options: RunOptions = {
    runOnly: contrastOnly ? { type: 'rule', values: ['color-contrast'] } : { type: 'tag', values: WCAG_TAGS },
    resultTypes: ['violations'],
  };
  const violations = await page.evaluate(
    async (runOptions) => (await (window as AxeWindow).axe!.run(document, runOptions)).violations,
    options,
  );
  return violations
    .filter((violation) => COUNTED.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where}: ${violation.id} (${violation.impact}) ${node.target.join(' ')} ${node.html.slice(0, 160)}: ` +
          `${(node.failureSummary ?? violation.help).replace(/\s+/g, ' ')}`,
      ),
    );
}
