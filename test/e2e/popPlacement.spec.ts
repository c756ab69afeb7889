/**
 * Where a ringing call's card goes (docs/call-surfaces.md): in a column of its own beside the screen, so it
 * hides none of the screen's controls (the Directory's Sync now and Create contact) and not the wrap-up
 * panel of the call before; and the Directory's results use the width the screen has while no card of an
 * entry is open beside them.
 */
import type { Locator, Page } from '@playwright/test';
import { callsTest } from './callsTest';
import { expect } from './fixtures';

const test = callsTest({ pollIntervalMs: 250 });
test.use({ viewport: { width: 1280, height: 800 } });

/** The element a click at the locator's centre reaches is the locator's own (nothing lies over it). */
async function expectUncovered(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  const reached = await page.evaluate(
    ({ x, y }) =>
      document.elementFromPoint(x, y)?.closest('button, h2, [role="heading"]')?.textContent ?? null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(reached?.trim()).toBe((await target.textContent())?.trim());
}

test('a popped card covers neither the Directory’s controls nor the wrap-up; results use the width', async ({
  page,
  env,
}) => {
  const [first, second] = env.persons;
  await page.goto('/#/directory');
  const query = page.getByRole('searchbox', { name: 'Search the directory' });
  await query.fill(first!.name.split(' ')[1]!);
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('button').first()).toBeVisible();
  // No card open beside the results: they take the screen's width, not half of it.
  const split = (await page.locator('.split').boundingBox())!;
  expect((await results.boundingBox())!.width).toBeGreaterThan(split.width - 2);

  await env.inbound(first!.number);
  const card = page.getByRole('complementary', { name: first!.name });
  await expect(card).toBeVisible();
  await expectUncovered(page, page.getByRole('button', { name: 'Sync now' }));
  await expectUncovered(page, page.getByRole('button', { name: 'Create contact' }));

  // Answer and hang up: the wrap-up opens; the next call's card must not cover it either.
  await card.getByRole('button', { name: 'Answer' }).click();
  const row = page.getByRole('button', { name: 'Hang up' }).first();
  await row.click();
  const wrapUp = page.getByRole('complementary', { name: 'Wrap-up' });
  await expect(wrapUp.getByRole('heading', { level: 2 })).toBeVisible();
  await env.inbound(second!.number);
  await expect(page.getByRole('complementary', { name: second!.name })).toBeVisible();
  await expectUncovered(page, wrapUp.getByRole('heading', { level: 2 }));
  await expectUncovered(page, page.getByRole('button', { name: 'Create contact' }));
});
