/**
 * The Directory screen end to end: the built renderer, the real AppCore with its own cache file synced from
 * a real demo PBX. Search by name with and without diacritics and by digits in another format; Enter dials
 * (the call shows in the demo PBX's GET /call); a person's card; a person created from a number is found by
 * that number at once; contacts edited (the PBX keeps exactly the saved collection); an edit keeps a contact
 * added on the PBX meanwhile, and a conflicting one shows both versions for the agent to pick; a hostile name
 * synced from the PBX shows as text. Settings ▸ Directory: where new contacts go, and a record the sync could
 * not store. Screenshots of the screen in both themes go to the test's output.
 */
import type { Page } from '@playwright/test';
import type { Contact } from '../../src-main/api/schemas';
import { startCallsEnvironment, type CallsEnvironment, type SeededPerson } from './calls.environment';
import { demoPbxApi } from '../support/demoPbxApi';
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

/** Creates a person through the app and opens the editor of their contacts on their card. */
async function editContactsOf(
  page: Page,
  env: CallsEnvironment,
  firstname: string,
  lastname: string,
  phones: string[],
) {
  const name = `${firstname} ${lastname}`;
  const created = await env.core.commands['directory:createPerson']({
    firstname,
    lastname,
    contacts: phones.map((contact, index) => ({ type: 1, contact, label: index === 0 ? 'mobile' : 'work' })),
  });
  if (!created.saved) throw new Error('not created');
  await page.goto('/#/directory');
  await searchField(page).fill(name);
  await resultRow(page, name).click();
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: 'Edit contacts' }).click();
  const editor = page.getByRole('form', { name: `Contacts of ${name}` });
  await expect(editor).toBeVisible();
  return { id: created.person.id, card, editor };
}

/** Changes a person's contacts on the PBX behind the app's back, as the CRM or a colleague would. */
async function changeOnPbx(
  env: CallsEnvironment,
  id: number,
  change: (contacts: Contact[]) => Contact[],
): Promise<void> {
  const client = env.core.pbx.client!;
  await client.persons.update(id, { contacts: change((await client.persons.get(id)).contacts) });
}

async function storedContacts(env: CallsEnvironment, id: number): Promise<string[]> {
  return (await env.core.pbx.client!.persons.get(id)).contacts.map((contact) => contact.contact);
}

/** Settings with every section shown (the demo PBX alone would show the first-run guide). */
async function openAllSettings(page: Page) {
  await page.goto('/#/settings');
  await page.getByRole('button', { name: 'Show all settings' }).click();
  return page.getByRole('group', { name: 'Directory' });
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

  test('keeps a contact added on the PBX behind the app’s back while the agent edits another', async ({
    page,
    env,
  }) => {
    const { id, card, editor } = await editContactsOf(page, env, 'Věra', 'Souběžná', [
      '601 555 100',
      '601 555 200',
    ]);
    // While the editor is open, the CRM gets an e-mail address for her.
    await changeOnPbx(env, id, (contacts) => [
      ...contacts,
      { type: 2, contact: 'vera@crm.cz', label: 'crm' },
    ]);

    await editor.getByLabel('Phone', { exact: true }).first().fill('601 555 101');
    await editor.getByRole('button', { name: 'Save contacts' }).click();

    await expect(card).toContainText('+420 601 555 101');
    await expect(card).toContainText('vera@crm.cz');
    expect(await storedContacts(env, id)).toEqual(['601 555 101', '601 555 200', 'vera@crm.cz']);
  });

  test('shows both versions of a contact changed on the PBX and by the agent, and saves the one picked', async ({
    page,
    env,
  }) => {
    const { id, card, editor } = await editContactsOf(page, env, 'Karel', 'Sporný', [
      '601 556 100',
      '601 556 200',
    ]);
    await changeOnPbx(env, id, (contacts) =>
      contacts.map((contact) =>
        contact.contact === '601 556 100' ? { ...contact, contact: '601 556 111' } : contact,
      ),
    );

    await editor.getByLabel('Phone', { exact: true }).first().fill('601 556 199');
    await editor.getByRole('button', { name: 'Save contacts' }).click();

    const conflict = editor.getByTestId('contact-conflict');
    await expect(conflict).toContainText('changed on the PBX since you opened them, and nothing was saved');
    const theirs = conflict.getByLabel('On the PBX: Phone 601 556 111 (mobile)');
    const mine = conflict.getByLabel('Yours: Phone 601 556 199 (mobile)');
    await expect(theirs).toBeChecked();
    expect(await storedContacts(env, id)).toEqual(['601 556 111', '601 556 200']);
    await expect(editor.getByLabel('Phone', { exact: true }).first()).toHaveValue('601 556 111');

    await mine.check();
    await expect(editor.getByLabel('Phone', { exact: true }).first()).toHaveValue('601 556 199');
    await editor.getByRole('button', { name: 'Save contacts' }).click();

    await expect(card).toContainText('+420 601 556 199');
    expect(await storedContacts(env, id)).toEqual(['601 556 199', '601 556 200']);
  });

  test('Settings ▸ Directory says where new contacts go, and the agent can pick another group', async ({
    page,
    env,
  }) => {
    await env.core.agentDirectory.idle();
    const groups = await env.core.pbx.client!.groups();
    const own = groups.find((group) => group.id === env.core.agentDirectory.profile!.groupId)!;
    const other = groups.find((group) => group.id !== own.id && group.id !== 1)!;
    const section = await openAllSettings(page);
    const target = section.getByTestId('new-contacts-target');
    await expect(target).toHaveText(`New contacts are created in ${own.name}, your own group on the PBX.`);

    await section.getByLabel('New contacts go to').selectOption({ label: other.name });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(target).toHaveText(`New contacts are created in ${other.name}.`);

    const created = await env.core.commands['directory:createPerson']({
      firstname: 'Nová',
      lastname: 'Skupina',
      contacts: [{ type: 1, contact: '601 557 100', label: 'mobile' }],
    });
    if (!created.saved) throw new Error('not created');
    expect((await env.core.pbx.client!.persons.get(created.person.id)).group_id).toBe(other.id);
  });

  test('a person the cache cannot store is set aside, shown in Settings ▸ Directory, and stored once it can be', async ({
    page,
    env,
  }) => {
    const refused = env.persons[3]!;
    const kept = env.persons[4]!;
    // The cache refuses to change this one person, as it would a record it cannot take.
    const { db } = env.core.caches.current!.database;
    db.exec(`CREATE TRIGGER refuse_person BEFORE UPDATE ON persons WHEN NEW.id = ${refused.id}
      BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`);
    const client = env.core.pbx.client!;
    const renamed = new Map([
      [refused.id, 'Přejmenovaná Odložená'],
      [kept.id, 'Přejmenovaná Uložená'],
    ]);
    for (const [id, displayname] of renamed) await client.persons.update(id, { displayname });
    const syncNow = async () => {
      await page.goto('/#/directory');
      const sync = page.getByTestId('sync-progress');
      await sync.getByRole('button', { name: 'Sync now' }).click();
      await expect(sync.getByRole('button', { name: 'Sync now' })).toBeVisible({ timeout: 10_000 });
    };

    await syncNow();
    // The others were stored.
    await searchField(page).fill('Přejmenovaná Uložená');
    await expect(resultRow(page, 'Přejmenovaná Uložená')).toBeVisible();
    const quarantine = (await openAllSettings(page)).getByTestId('sync-quarantine');
    await expect(quarantine).toContainText('The last sync could not store 1 record of the directory');
    await expect(quarantine).toContainText(`person ${refused.id}: refused for the test`);

    db.exec('DROP TRIGGER refuse_person');
    await syncNow();
    await searchField(page).fill('Přejmenovaná Odložená');
    await expect(resultRow(page, 'Přejmenovaná Odložená')).toBeVisible();
    await expect((await openAllSettings(page)).getByTestId('sync-quarantine')).toHaveText(
      'The directory sync stored every record it read.',
    );
  });

  test('a PBX that sends no total is read to its end, and Settings ▸ Directory says it sent none', async ({
    page,
    env,
  }) => {
    const sim = demoPbxApi(env.pbx);
    await sim('POST', '/_sim/paging', { cap: 100, omit_total: true });
    await page.goto('/#/directory');
    const sync = page.getByTestId('sync-progress');
    await sync.getByRole('button', { name: 'Sync now' }).click();
    await expect(sync.getByRole('button', { name: 'Sync now' })).toBeVisible({ timeout: 10_000 });
    await sim('POST', '/_sim/paging', { cap: null, omit_total: false });

    const noTotal = (await openAllSettings(page)).getByTestId('sync-no-total');
    await expect(noTotal).toContainText('The PBX did not say how many persons it holds');
    await expect(noTotal).toContainText('The PBX did not say how many companies it holds');
    const onPbx = await env.core.pbx.client!.persons.list({ limit: 1 });
    expect(env.core.caches.current!.directory.counts().persons).toBe(onPbx.total);
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
