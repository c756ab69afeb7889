/**
 * The keyboard stays with the call (docs/call-surfaces.md): Answer pressed from the keyboard leaves the focus
 * on the call's next control, Hold on Resume, and Hang up hands it to the wrap-up panel, the next thing the
 * agent does; never to the page itself, where the next Tab starts over from the top.
 */
import { callsTest } from './callsTest';
import { expect } from './fixtures';

const test = callsTest({ pollIntervalMs: 250 });

test('answer, hold and hang up by keyboard keep the focus on what comes next', async ({ page, env }) => {
  const [caller] = env.persons;
  await page.goto('/#/calls');
  await expect(page.getByText('No calls on your phone right now.')).toBeVisible();
  await env.inbound(caller!.number);
  const row = page.getByRole('article', { name: caller!.name });
  await expect(row).toContainText('Ringing');

  await row.getByRole('button', { name: 'Answer' }).focus();
  await page.keyboard.press('Enter');
  await expect(row).toContainText('Connected');
  await expect(row.getByRole('button', { name: 'Hold' })).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(row).toContainText('On hold');
  await expect(row.getByRole('button', { name: 'Resume' })).toBeFocused();

  await row.getByRole('button', { name: 'Hang up' }).focus();
  await page.keyboard.press('Enter');
  const wrapUp = page.getByRole('complementary', { name: 'Wrap-up' });
  await expect(wrapUp.getByRole('heading', { level: 2 })).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
});
