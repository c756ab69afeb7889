/**
 * Acting on a call from where the agent is, end to end (docs/caller-context.md): a missed call gives one
 * notification, a queue call a colleague took while it rang the agent gives none; and adding an unknown
 * caller's number to an existing person from the pop card keeps the person's other contacts and makes the
 * next call from that number pop them.
 */
import { demoPbxApi } from '../support/demoPbxApi';
import { callsTest } from './callsTest';
import { expect } from './fixtures';
import { recordNotifications } from './harness/notifications';

const test = callsTest({ pollIntervalMs: 250 });

/** The demo agent's inbound queue. */
const SUPPORT_QUEUE = 2;

test('a missed call notifies once and calls back on a click; a call a colleague took does not notify', async ({
  page,
  env,
}) => {
  const notifications = await recordNotifications(page);
  const sim = demoPbxApi(env.pbx);
  const [missedCaller, takenCaller] = env.persons;
  await page.goto('/#/calls');
  await expect(page.getByText('No calls on your phone right now.')).toBeVisible();

  const missed = (await sim('POST', '/_sim/calls/inbound', {
    to: env.pbx.agent.phone,
    from: missedCaller!.number,
    queue_id: SUPPORT_QUEUE,
  })) as { uniqueid: string };
  await expect(page.getByRole('complementary', { name: missedCaller!.name })).toBeVisible({
    timeout: 15_000,
  });
  await sim('POST', `/_sim/calls/${missed.uniqueid}/hangup`);
  const missedNotices = async () =>
    (await notifications.shown()).filter((notice) => notice.tag.startsWith('ringside-missed-'));
  await expect.poll(missedNotices).toEqual([
    {
      title: `Missed call from ${missedCaller!.name}`,
      body: expect.stringContaining('Click to call back.'),
      // Not silenced: a missed call is news, unlike the ringing one the desk phone already rings for.
      silent: false,
      tag: `ringside-missed-${missed.uniqueid}`,
    },
  ]);

  const taken = (await sim('POST', '/_sim/calls/inbound', {
    to: env.pbx.agent.phone,
    from: takenCaller!.number,
    queue_id: SUPPORT_QUEUE,
  })) as { uniqueid: string };
  const takenCard = page.getByRole('complementary', { name: takenCaller!.name });
  await expect(takenCard).toBeVisible({ timeout: 15_000 });
  await sim('POST', `/_sim/calls/${taken.uniqueid}/taken`);
  await expect(takenCard).toBeHidden();
  // Ringside asks the PBX who answered as soon as the call leaves the agent's phone; give it a few polls.
  await page.waitForTimeout(1500);
  expect(await missedNotices()).toHaveLength(1);

  // The notification's click calls the missed caller back, naming the person for the PBX's records.
  await notifications.click('ringside-missed-');
  await expect
    .poll(
      async () =>
        (await env.pbxCalls()).find(
          (call) => call.caller_number === missedCaller!.e164 || call.called_number === missedCaller!.e164,
        )?.data,
    )
    .toMatchObject({ person_id: missedCaller!.id });
});

test('adding an unknown number to an existing person keeps their contacts, and the next call pops them', async ({
  page,
  env,
}) => {
  const api = demoPbxApi(env.pbx);
  const person = env.persons[3]!;
  const before = (await api('GET', `/crm/person/${person.id}`)) as { contacts: { contact: string }[] };
  const unknown = '+420 601 555 987';
  await page.goto('/#/calls');
  await expect(page.getByText('No calls on your phone right now.')).toBeVisible();

  const first = await env.inbound(unknown);
  const unknownCard = page.getByRole('complementary', { name: /601 555 987/ });
  await unknownCard.getByRole('button', { name: 'Add to an existing person…' }).click();
  const dialog = page.getByRole('dialog', { name: /Add .*601 555 987 to an existing person/ });
  await dialog.getByLabel('Search the directory').fill(person.name.split(' ').at(-1)!);
  await dialog.getByRole('radio', { name: new RegExp(person.name) }).check();
  await dialog.getByRole('button', { name: `Add to ${person.name}` }).click();
  await expect(dialog).toBeHidden();
  await expect(unknownCard.getByText(`${unknown} was added to ${person.name}.`)).toBeVisible();

  const after = (await api('GET', `/crm/person/${person.id}`)) as { contacts: { contact: string }[] };
  expect(after.contacts.map((contact) => contact.contact)).toEqual([
    ...before.contacts.map((contact) => contact.contact),
    '+420601555987',
  ]);

  await api('POST', `/_sim/calls/${first}/hangup`);
  await expect(unknownCard).toBeHidden();
  await env.inbound(unknown);
  await expect(page.getByRole('complementary', { name: person.name })).toBeVisible();
});
