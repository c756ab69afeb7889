/**
 * The app stays live when the PBX drifts: with the demo PBX sending each call's caller number as a JSON
 * number instead of text (its drift switch `sim.drift`, as POST /_sim/drift), an inbound call still pops its
 * card and ends when the caller hangs up, the status bar stays connected, and once the drift is switched off
 * the next call pops too.
 */
import { callsTest as test } from './callsEnvironmentTest';
import { expect } from './fixtures';

test('a drifted caller number still pops the card, and the app stays connected', async ({ page, env }) => {
  await page.goto('/#/calls');
  const status = page.getByRole('status').filter({ hasText: 'PBX connection' });
  await expect(status).toContainText('Connected');

  const [drifting, after] = env.persons;
  // The caller's own number as the PBX might send it: a JSON number, its "+" lost.
  const asNumber = Number(drifting!.e164.replace(/\D/g, ''));
  env.pbx.sim.drift.set({ target: 'calls', field: 'caller_number', value: asNumber, share: 1 });
  const uniqueid = await env.inbound(drifting!.number);
  expect((await env.pbxCalls()).find((call) => call.uniqueid === uniqueid)?.caller_number).toBe(asNumber);

  const card = page.getByRole('complementary', { name: drifting!.name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Incoming call');
  await expect(status).toContainText('Connected');
  // Polling goes on: the caller hangs up at the PBX, and the card goes away.
  env.pbx.sim.calls.remoteHangUp(uniqueid);
  await expect(card).toHaveCount(0);
  await expect(status).toContainText('Connected');

  env.pbx.sim.drift.clear();
  await env.inbound(after!.number);
  await expect(page.getByRole('complementary', { name: after!.name })).toBeVisible();
  await expect(status).toContainText('Connected');
});
