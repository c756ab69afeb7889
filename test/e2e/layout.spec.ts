/**
 * Layout with longer words: the app in the pseudo-locale (every English text accented and about
 * 40 % longer, as Czech and Slovak often run) shows no clipped, spilled or overlapping text on any screen of
 * the navigation, on the screen-pop card, the wrap-up panel and the dialogs, at 1280×800 and at 200 % zoom.
 *
 * 200 % zoom is a 640×400 CSS-pixel viewport drawn at device scale factor 2: exactly what browser zoom does
 * to a 1280×800 window (the CSS viewport halves, media queries and layout see 640 px, pixels double), and
 * unlike CSS `zoom` on the document it leaves getBoundingClientRect, scrollWidth and media queries in one
 * consistent coordinate space, so the measurements mean what they say.
 */
import { test as plain, type Page } from '@playwright/test';
import type { CallsEnvironment } from './calls.environment';
import { callsTest } from './callsTest';
import { expect } from './fixtures';
import { takeCall } from './support-i18n/callFlow';
import { findLayoutProblems } from './support-i18n/layoutProbe';
import { openScreen, screenLinks, settle, showAllSettings, words } from './support-i18n/screenWalk';

const test = callsTest({ pollIntervalMs: 250, persons: 12, coreDeps: { pseudoLocale: true } });

async function measure(page: Page, where: string, found: string[]): Promise<void> {
  found.push(...(await page.evaluate(findLayoutProblems)).map((problem) => `${where}: ${problem}`));
}

/** Every surface, measured; the problems found, each with where it was seen. */
async function walk(page: Page, env: CallsEnvironment): Promise<string[]> {
  const say = words('pseudo');
  const found: string[] = [];
  await page.goto('/#/calls');
  await expect(page.getByRole('heading', { level: 1, name: say.t('app.screenCalls') })).toBeVisible();
  await takeCall(page, env, 'pseudo', (surface) => measure(page, surface, found));
  for (const link of await screenLinks(page, 'pseudo')) {
    await openScreen(page, 'pseudo', link);
    await measure(page, link.name, found);
    if (link.href === '#/settings') {
      await showAllSettings(page, 'pseudo');
      await measure(page, `${link.name} (all)`, found);
      await page.getByRole('button', { name: say.t('privacy.clearButton') }).click();
      const dialog = page.getByRole('dialog', { name: say.t('privacy.dialogTitle') });
      await expect(dialog).toBeVisible();
      await measure(page, say.t('privacy.dialogTitle'), found);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }
  await env.core.calls.requestDial(env.persons[1]!.e164, 'link');
  const confirm = page.getByRole('dialog', { name: say.t('dial.confirmTitle') });
  await expect(confirm).toBeVisible();
  await settle(page, 'pseudo');
  await measure(page, say.t('dial.confirmTitle'), found);
  await page.keyboard.press('Escape');
  return found;
}

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('no clipped or overlapping text on any screen in the pseudo-locale', async ({ page, env }) => {
    test.setTimeout(90_000);
    expect(await walk(page, env)).toEqual([]);
  });
});

test.describe('at 200 % zoom', () => {
  test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

  test('no clipped or overlapping text on any screen in the pseudo-locale', async ({ page, env }) => {
    test.setTimeout(90_000);
    expect(await walk(page, env)).toEqual([]);
  });
});

// The probe itself, on planted text: what it must report, and what it must leave alone.
plain(
  'the layout probe reports planted clipping, spilling and overlap, and allows what is intended',
  async ({ page }) => {
    await page.setContent(`
    <div style="width:60px;overflow:hidden;white-space:nowrap">Clipped sentence here</div>
    <div style="width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">Ellipsis without title</div>
    <div style="width:60px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis" title="Ellipsis with title">Ellipsis with title</div>
    <button style="width:50px;white-space:nowrap">Spilling button label</button>
    <div style="width:60px;overflow:hidden"><span style="display:inline-block;white-space:nowrap">Cut by its parent</span></div>
    <div style="position:relative;height:20px">
      <span style="position:absolute;left:0;top:0">Overlapping one</span>
      <span style="position:absolute;left:12px;top:2px">Overlapping two</span>
    </div>
    <div style="width:60px;overflow-x:auto;white-space:nowrap">Scrollable sentence here</div>
    <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap">Screen reader only text</span>
  `);
    const found = (await page.evaluate(findLayoutProblems)).join('\n');
    for (const reported of [
      'Clipped sentence',
      'Ellipsis without title',
      'Spilling button',
      'Cut by its parent',
    ]) {
      expect(found).toContain(reported);
    }
    expect(found).toMatch(/overlaps: .*Overlapping one.*Overlapping two/);
    for (const allowed of ['Ellipsis with title', 'Scrollable sentence', 'Screen reader only']) {
      expect(found).not.toContain(allowed);
    }
  },
);
