/**
 * Settings ▸ Privacy end to end: the built renderer, the real AppCore, a real demo PBX and real cache files.
 * A call is answered and wrapped up with a note; "Clear local data" (confirmed in its dialog) empties the
 * History screen, and no file in the user data directory holds the note any more. The directory comes back
 * with the next sync.
 */
import { dirname } from 'node:path';
import { findInFiles } from '../support/findInFiles';
import { callsTest } from './callsTest';
import { expect } from './fixtures';

const test = callsTest({ pollIntervalMs: 250, persons: 12 });

test('Clear local data empties the history and leaves no trace of a note in the files', async ({
  page,
  env,
}) => {
  test.setTimeout(60_000);
  const caller = env.persons[0]!;
  const userData = dirname(env.core.caches.current!.database.path);
  await page.goto('/#/history');
  await expect(page.getByText('No calls yet.')).toBeVisible();

  await env.inbound(caller.number);
  const card = page.getByRole('complementary', { name: caller.name });
  await card.getByRole('button', { name: 'Answer' }).click();
  await card.getByRole('button', { name: 'Hang up' }).click();
  const panel = page.getByRole('form', { name: `Wrap up: ${caller.name}` });
  await expect(panel).toBeVisible();
  const note = 'Wombatfeather invoice dispute, refund of 4711 crowns agreed';
  await panel.getByRole('textbox', { name: 'Note' }).fill(note);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Saved to the PBX')).toBeVisible();
  await panel.getByRole('button', { name: 'Close the wrap-up' }).click();
  const calls = page.getByRole('list', { name: 'Calls' });
  await expect(calls.getByRole('button', { name: new RegExp(`call, ${caller.name}`) })).toBeVisible();
  const traces = new Map([[note, 'the note']]);
  expect(findInFiles(userData, traces)).not.toEqual([]);

  await page.goto('/#/settings');
  await page.getByRole('button', { name: 'Show all settings' }).click();
  await page.getByRole('button', { name: 'Clear local data…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear local data?' });
  await expect(dialog).toContainText('Your settings and the stored client secret stay.');
  await dialog.getByRole('button', { name: 'Clear local data' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main').getByText('Local data cleared.', { exact: false })).toBeVisible();

  await page.goto('/#/history');
  await expect(page.getByText('No calls yet.')).toBeVisible();
  expect(findInFiles(userData, traces)).toEqual([]);
  // The directory cache is rebuilt by the sync that starts at once.
  await expect
    .poll(() => env.core.directorySync.status().counts?.persons ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(0);
});
