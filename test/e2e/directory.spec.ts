/**
 * The Directory screen end to end: the built renderer, the real AppCore with its own cache file synced from
 * a real demo PBX. Search by name with and without diacritics and by digits in another format; Enter dials
 * (the call shows in the demo PBX's GET /call); a person's card; a person created from a number is found by
 * that number at once; contacts edited (the PBX keeps exactly the saved collection); a hostile name synced
 * from the PBX shows as text. Screenshots of the screen in both themes go to the test's output.
 */
import type { Page } from '@playwright/test';
import { startCallsEnvironment, type CallsEnvironment, type SeededPerson } from './calls.environment';
import { expect, test as harness } from './fixtures';

const test = harness.extend<{ env: CallsEnvironment }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructured first argument.
  env: async ({}, use) => {
    const env = await startCallsEnvironment({ pollIntervalMs: 1_000 });
    await use(env);
    await env.close();
  },
  appCore: async ({ env }, use) => use(env.core),
});

const HOSTILE = '<img src=x onerror=alert(1)>';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const withoutDiacritics = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
/** `+420777123456` → `00420 777 123 456`: the same number as people write it from abroad. */
const internationalFormat = (e164: string) =>
  `00${e164.slice(1, 4)} ${e164.slice(4).replace(/(\d{3})(?=\d)/g, '$1 ')}`;

const searchField = (page: Page) => page.getByRole('searchbox', { name: 'Search the directory' });
const results = (page: Page) => page.getByRole('region', { name: 'Search results' });
const resultRow = (page: Page, name: string) =>
  results(page)
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) })
    .first();

/** A seeded person whose name has diacritics (the demo's Czech and Slovak names mostly do). */
function accentedPerson(env: CallsEnvironment): SeededPerson {
  return env.persons.find((person) => withoutDiacritics(person.name) !== person.name) ?? env.persons[0]!;
}

async function calledNumbers(env: CallsEnvironment): Promise<string[]> {
  return (await env.pbxCalls()).map((call) => call.called_number_norm ?? call.called_number ?? '');
}

test.describe('directory', () => {
  test('finds a person by name with and without diacritics, and by digits in another format', async ({
    page,
    env,
  }) => {
    const person = accentedPerson(env);
    await page.goto('/#/directory');
    await expect(page.getByTestId('sync-progress')).toContainText('Synced');
    const field = searchField(page);
    await expect(field).toBeFocused();

    for (const query of [
      person.name,
      withoutDiacritics(person.name).toLowerCase(),
      internationalFormat(person.e164),
    ]) {
      await field.fill(query);
      await expect(resultRow(page, person.name), query).toBeVisible();
      await expect(results(page).getByRole('heading', { name: /Persons/ })).toBeVisible();
    }
    await field.fill('zzzqqq');
    await expect(page.getByText('Nothing matches “zzzqqq”')).toBeVisible();
  });

  test('Enter dials the highlighted result; Space opens its card', async ({ page, env }) => {
    const person = accentedPerson(env);
    const found = await env.core.commands['directory:search']({ query: person.name });
    const entry = found.persons.items.find((item) => item.id === person.id)!;
    await page.goto('/#/directory');
    await searchField(page).fill(person.name);
    const row = resultRow(page, person.name);
    await expect(row).toBeVisible();

    await searchField(page).press('ArrowDown');
    await expect(results(page).getByRole('button').first()).toBeFocused();
    await row.focus();
    await row.press('Space');
    const card = page.getByRole('article', { name: person.name });
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: `Dial ${entry.numbers[0]!.display}` })).toBeVisible();

    await row.press('Enter');
    await expect(page.getByText(`Calling ${entry.numbers[0]!.display}`)).toBeVisible();
    await expect.poll(() => calledNumbers(env)).toContain(entry.numbers[0]!.dial);
  });

  test('creates a person from a number, finds them by it at once, then edits their contacts', async ({
    page,
    env,
  }) => {
    await page.goto('/#/directory');
    const field = searchField(page);
    await field.fill('601 987 654');
    await expect(page.getByText('Nothing matches “601 987 654”')).toBeVisible();
    await page.getByRole('button', { name: 'Create contact with 601 987 654' }).click();

    const form = page.getByRole('form', { name: 'New contact' });
    await expect(form.getByLabel('Phone')).toHaveValue('601 987 654');
    await form.getByLabel('First name').fill('Zuzana');
    await form.getByLabel('Last name').fill('Čerstvá');
    await form.getByRole('button', { name: 'Create contact' }).click();
    const card = page.getByRole('article', { name: 'Zuzana Čerstvá' });
    await expect(card).toContainText('+420 601 987 654');

    // Found by the number in another format, before any sync.
    await field.fill('+420601987654');
    await expect(resultRow(page, 'Zuzana Čerstvá')).toBeVisible();
    const [created] = (await env.core.commands['directory:search']({ query: '601987654' })).persons.items;
    expect(created?.name).toBe('Zuzana Čerstvá');

    // Edit: change the number, add an e-mail (first mistyped), save; the PBX keeps exactly these.
    await card.getByRole('button', { name: 'Edit contacts' }).click();
    const editor = page.getByRole('form', { name: 'Contacts of Zuzana Čerstvá' });
    await editor.getByLabel('Phone').fill('601 987 655');
    await editor.getByRole('button', { name: 'Add e-mail' }).click();
    await expect(editor.getByLabel('E-mail')).toBeFocused();
    await editor.getByLabel('E-mail').fill('zuzana@');
    await editor.getByRole('button', { name: 'Save contacts' }).click();
    await expect(editor.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(editor.getByText('"zuzana@" is not an e-mail address (name@example.com).')).toBeVisible();
    await editor.getByLabel('E-mail').fill('zuzana@example.cz');
    await editor.getByRole('button', { name: 'Save contacts' }).click();
    await expect(card).toContainText('+420 601 987 655');
    await expect(card).toContainText('zuzana@example.cz');

    const stored = await env.core.pbx.client!.persons.get(created!.id);
    expect(stored.contacts.map(({ type, contact }) => ({ type, contact }))).toEqual([
      { type: 1, contact: '601 987 655' },
      { type: 2, contact: 'zuzana@example.cz' },
    ]);
    await field.fill('601987654');
    await expect(page.getByText('Nothing matches “601987654”')).toBeVisible();
  });

  test('a person named like HTML, synced from the PBX, shows as text', async ({ page, env }, testInfo) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await env.core.pbx.client!.persons.create({
      group_id: 1,
      firstname: HOSTILE,
      lastname: '',
      displayname: HOSTILE,
      note: '<script>alert(2)</script>',
      contacts: [{ type: 1, contact: '+420 608 111 222', label: '<b>mobile</b>' }],
    });
    await page.goto('/#/directory');
    const sync = page.getByTestId('sync-progress');
    await sync.getByRole('button', { name: 'Sync now' }).click();
    await expect(sync.getByRole('button', { name: 'Sync now' })).toBeVisible({ timeout: 10_000 });

    await searchField(page).fill('onerror');
    const row = resultRow(page, HOSTILE);
    await expect(row).toBeVisible();
    await row.click();
    const card = page.getByRole('article', { name: HOSTILE });
    await expect(card).toContainText('<script>alert(2)</script>');
    await expect(card).toContainText('<b>mobile</b>');
    await expect(page.getByText(HOSTILE).first()).toBeVisible();
    await expect(page.locator('main img, main script, main b')).toHaveCount(0);
    expect(dialogs).toEqual([]);

    // Screenshots of the screen with results and a card, in both themes.
    await searchField(page).fill('ma');
    await results(page).getByRole('button').first().click();
    await expect(
      page.getByRole('complementary', { name: 'Details' }).getByRole('heading', { level: 2 }),
    ).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300); // colour transitions settle
      await page.screenshot({ path: testInfo.outputPath(`directory-${colorScheme}.png`), fullPage: true });
    }
  });
});
