/**
 * The browser UI of a team server across a restart, in Chromium: the built renderer served by a real team
 * server (src-main/server/) on the real demo PBX. The agent signs in by enrollment link, dials from the dial
 * pad, wraps up that call (typed, not saved), and answers an inbound call whose caller's card pops. Then the
 * team server is restarted mid-call (the same port and data directory; the demo PBX and its call go on, and
 * the agent puts the call on hold on the desk phone meanwhile). The page says it is reconnecting; a dial
 * from it is refused and never made later; once the server listens again the page reconnects by itself and
 * shows the call on hold within 2 s, and the typed wrap-up is still there and can be saved.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ActiveCall } from '../../src-main/api/schemas';
import { TestClient } from '../conformance/helpers';
import { ring, signedInPage, teamServerForFile, type DemoAgent } from './teamServerSetup';

/** The goal: the call's state is right again this soon after the server listens again. */
const STATE_AGAIN_WITHIN_MS = 2_000;

const teamServer = teamServerForFile({ agents: 1, pollIntervalMs: 250 });

interface DirectoryPerson {
  name: string;
  number: string;
}

/** Persons of the demo PBX's directory with a phone number, as the PBX's API gives them. */
async function directoryPersons(count: number): Promise<DirectoryPerson[]> {
  const pbx = new TestClient(teamServer().demo);
  const found: DirectoryPerson[] = [];
  for (let id = 1; found.length < count; id++) {
    const { body } = await pbx.get(`/crm/person/${id}`);
    const person = body.data as {
      firstname: string;
      lastname: string;
      contacts: { type: number; contact: string }[];
    };
    const phone = person.contacts.find((contact) => contact.type === 1);
    if (phone) found.push({ name: `${person.firstname} ${person.lastname}`.trim(), number: phone.contact });
  }
  return found;
}

/** The agent's calls as the demo PBX has them. */
async function pbxCalls(agent: DemoAgent): Promise<ActiveCall[]> {
  const { body } = await new TestClient(teamServer().demo).get('/call', {
    query: { extension: agent.extension },
  });
  return body.data as ActiveCall[];
}

const digits = (number: string | null | undefined) => (number ?? '').replace(/\D/g, '');

type WatchedWindow = Window & { stateRightAt?: number };

/**
 * From now on the page notes (Date.now(), the machine's clock) the first moment the call's row shows `state`
 * with no banner saying it is reconnecting.
 */
async function noteWhenStateIsRight(
  page: Page,
  expected: { uniqueid: string; state: string; reconnecting: string },
): Promise<void> {
  await page.evaluate(({ uniqueid, state, reconnecting }) => {
    const right = () => {
      const row = document.querySelector(`article[data-uniqueid="${uniqueid}"]`);
      const banners = [...document.querySelectorAll('[role="status"]')];
      return (
        Boolean(row?.textContent?.includes(state)) &&
        !banners.some((banner) => banner.textContent?.includes(reconnecting))
      );
    };
    new MutationObserver((_, observer) => {
      if (!right()) return;
      (window as WatchedWindow).stateRightAt = Date.now();
      observer.disconnect();
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, expected);
}

async function show(page: Page, agent: DemoAgent, screen: 'screenCalls' | 'screenDial'): Promise<void> {
  await page
    .getByRole('navigation')
    .getByRole('link', { name: agent.say.t(`app.${screen}`) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: agent.say.t(`app.${screen}`) })).toBeVisible();
}

test('the page rides out a team server restart mid-call: reconnects, the call right within 2 s, the draft kept', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const team = teamServer();
  const [agent] = team.agents as [DemoAgent];
  const say = agent.say;
  const [callee, caller, offlineCallee] = await directoryPersons(3);
  const page = await signedInPage(browser, team, agent);

  // A call from the dial pad, answered at the far end, then hung up by the agent: its wrap-up opens.
  const numberField = page.getByRole('textbox', { name: say.t('dial.numberLabel'), exact: true });
  await show(page, agent, 'screenDial');
  await numberField.fill(callee!.number);
  await numberField.press('Enter');
  await expect.poll(async () => (await pbxCalls(agent)).length, { timeout: 10_000 }).toBe(1);
  const [dialled] = await pbxCalls(agent);
  await new TestClient(team.demo).post(`/_sim/calls/${dialled!.uniqueid}/answer`);
  await show(page, agent, 'screenCalls');
  const dialledRow = page.getByRole('article', { name: callee!.name });
  await expect(dialledRow).toContainText(say.t('calls.directionOutbound'), { timeout: 10_000 });
  await dialledRow.getByRole('button', { name: say.t('calls.hangupButton') }).click();
  const wrapUp = page.getByRole('complementary', { name: say.t('wrapup.dockLabel') });
  const note = wrapUp.getByLabel(say.t('wrapup.note'));
  const typed = 'Wants the offer again by e-mail; call back on Monday.';
  await note.fill(typed);

  // An inbound call from a person of the directory pops their card; the agent answers it there.
  const uniqueid = await ring(team, agent, caller!.number);
  const card = page.getByRole('complementary', { name: caller!.name });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: say.t('calls.answerButton') }).click();
  const callRow = page.getByRole('article', { name: caller!.name });
  await expect(callRow).toContainText(say.t('control.stateConnected'), { timeout: 10_000 });

  // The team server stops; the demo PBX and the call go on.
  await team.stopServer();
  const banner = page.getByRole('status').filter({ hasText: say.t('app.hostReconnecting') });
  await expect(banner).toBeVisible({ timeout: 10_000 });

  // A dial from the page meanwhile is refused at once, with a sentence that says it will not be made later.
  await show(page, agent, 'screenDial');
  await numberField.fill(offlineCallee!.number);
  await numberField.press('Enter');
  await expect(page.getByText(say.t('errors.hostOfflineNotDone'))).toBeVisible();
  await show(page, agent, 'screenCalls');

  // The agent puts the call on hold on the desk phone while the server is down.
  const held = await new TestClient(team.demo).patch('/call', { extension: agent.extension, state: 'held' });
  expect(held.body.success).toBe(true);
  await expect(banner).toBeVisible();
  await expect(note).toHaveValue(typed);

  await noteWhenStateIsRight(page, {
    uniqueid,
    state: say.t('control.stateHeld'),
    reconnecting: say.t('app.hostReconnecting'),
  });
  await team.startServer();
  // Listening and serving: the routes are registered just after the socket listens, before this resolves.
  const listeningAt = Date.now();
  // The page notes the moment itself: the test runner's own polling on a loaded machine is not the page's.
  const rightAt = await page.waitForFunction(() => (window as WatchedWindow).stateRightAt, null, {
    timeout: 15_000,
  });
  const stateAgainMs = Number(await rightAt.jsonValue()) - listeningAt;
  test.info().annotations.push({ type: 'call state right again', description: `${stateAgainMs} ms` });
  expect(stateAgainMs).toBeLessThanOrEqual(STATE_AGAIN_WITHIN_MS);
  await expect(callRow).toContainText(say.t('control.stateHeld'));
  await expect(banner).toHaveCount(0);
  // Still signed in, and the same call.
  await expect(page.getByText(say.t('app.hostSignedOut'))).toHaveCount(0);
  await expect(callRow).toHaveAttribute('data-uniqueid', uniqueid);

  // The typed wrap-up is still there, and it saves.
  await expect(note).toHaveValue(typed);
  await wrapUp.getByRole('button', { name: say.t('wrapup.saveButton') }).click();
  await expect(wrapUp.locator('[data-status]')).toHaveAttribute('data-status', /^(waiting|written)$/);
  await expect(note).toHaveValue(typed);

  // The dial refused while the server was down was never made: the PBX has the one held call only.
  const calls = await pbxCalls(agent);
  expect(calls.map((call) => call.uniqueid)).toEqual([uniqueid]);
  expect(calls.map((call) => digits(call.called_number))).not.toContain(digits(offlineCallee!.number));
});
