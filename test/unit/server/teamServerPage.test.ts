/**
 * The app page a team server serves says it is a team server's (so, signed out, it tells the agent to sign
 * in again there rather than to run the browser host's `npm start`), and the page key with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieSettingsFor } from '../../../src-main/server/identity/sessionCookies';
import { HOST_KIND_META, PAGE_KEY_META, TEAM_SERVER_HOST } from '../../../src-main/shared/wsProtocol';
import { startTeamServerFixture, type TeamServerFixture } from './teamServerFixture';

let fixture: TeamServerFixture;

beforeAll(async () => {
  fixture = await startTeamServerFixture();
}, 30_000);

afterAll(async () => {
  await fixture?.close();
});

describe('the team server’s app page', { timeout: 20_000 }, () => {
  it('names its host, beside the page key', async () => {
    const { server, demo } = fixture;
    const { url } = server.enrollment.issue(demo.agent.username, 'test administrator');
    const token = new URL(url).hash.slice(1);
    const enrolled = await fetch(`${server.origin}/auth/enroll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin },
      body: JSON.stringify({ token }),
    });
    const name = cookieSettingsFor(server.origin).sessionName;
    const cookie = enrolled.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${name}=`))!
      .split(';')[0]!;
    const page = await (await fetch(`${server.origin}/`, { headers: { cookie } })).text();
    expect(page).toContain(`<meta name="${HOST_KIND_META}" content="${TEAM_SERVER_HOST}">`);
    expect(page).toContain(`<meta name="${PAGE_KEY_META}" content="`);
  });
});
