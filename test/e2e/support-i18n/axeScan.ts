/**
 * axe-core on the page as it is now, against WCAG 2.2 A and AA; only what axe rates serious or critical
 * counts. Each finding names where it was seen, the rule, the element and why, so a failure says what to fix.
 *
 * axe runs in the page directly rather than through @axe-core/playwright's AxeBuilder: AxeBuilder injects
 * axe's 500 kB source again for every scan and finishes each in a new blank page, about 2.5 s a scan here
 * against 0.25 s, and the walks below make some fifty scans. The rules, tags and results are axe's own; the
 * app has no frames, so AxeBuilder's frame handling is not needed.
 */
import axe from 'axe-core';
import type { Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const COUNTED = new Set(['serious', 'critical']);

/** The serious and critical violations on the page, one line per element, prefixed with `where`. */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  // Injected once per document (evaluate is not subject to the page's CSP); hash navigation keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
  return results.violations
    .filter((violation) => COUNTED.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where}: ${violation.id} (${violation.impact}) ${node.target.join(' ')} ${node.html.slice(0, 160)}: ` +
          `${(node.failureSummary ?? violation.help).replace(/\s+/g, ' ')}`,
      ),
    );
}
