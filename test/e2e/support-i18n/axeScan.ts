/**
 * axe-core on the page as it is now, through @axe-core/playwright, against WCAG 2.2 A and AA; only what axe
 * rates serious or critical counts. Each finding names where it was seen, the rule, the element and why, so a
 * failure says what to fix.
 *
 * Legacy mode runs axe in the page itself: the default mode finishes every scan in a new blank page (about
 * 2.5 s a scan here, and the walks make some fifty). The app has no frames, so nothing is lost.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const COUNTED = new Set(['serious', 'critical']);

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
  const builder = new AxeBuilder({ page });
  const scoped = contrastOnly ? builder.withRules(['color-contrast']) : builder.withTags(WCAG_TAGS);
  const results = await scoped
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
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
