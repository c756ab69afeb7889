/**
 * What a team server writes and serves for a signed-in agent: its data directory holds the PBX's directory
 * cache, and each agent's history only in the agent's own folder (no history file, empty and nobody's,
 * beside the directory cache); and the app page says it is a team server's (so, signed out, it tells the
 * agent to sign in again there rather than to run the browser host's `npm start`), beside the page key.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agentFolderName, AGENTS_FOLDER } from '../../../src-main/server/agents/agentFolder';
import { cookieSettingsFor } from '../../../src-main/server/identity/sessionCookies';
import { HOST_KIND_META, PAGE_KEY_META, TEAM_SERVER_HOST } from '../../../src-main/shared/wsProtocol';
import { enrollByLink, openAgentSocket, type SignedInAgent } from './teamServerClient';
import { startTeamServerFixture, type TeamServerFixture } from './teamServerFixture';

let fixture: TeamServerFixture;
let browser: SignedInAgent;

beforeAll(async () => {
  fixture = await startTeamServerFixture();
  const { server, demo } = fixture;
  const { url } = server.enrollment.issue(demo.agent.username, 'test administrator');
  browser = await enrollByLink(server.origin, url, cookieSettingsFor(server.origin).sessionName);
}, 30_000);

afterAll(async () => {
  await fixture?.close();
});

describe('a team server', { timeout: 20_000 }, () => {
  it('has the directory cache, and history files only in the agents’ folders', async () => {
    const { server, demo, dataDirectory } = fixture;
    const socket = await openAgentSocket(server.origin, browser);
    expect((await socket.invoke('history:list', { filter: 'all' })).ok).toBe(true);
    const folder = join(dataDirectory, AGENTS_FOLDER, agentFolderName(demo.agent.username));
    await vi.waitFor(() => expect(readdirSync(folder)).toContain('history-directory-demo.sqlite'));

    const root = readdirSync(dataDirectory);
    expect(root).toContain('directory-demo.sqlite');
    expect(root.filter((name) => name.startsWith('history'))).toEqual([]);
  });

  it('serves the app page naming its host, beside the page key', async () => {
    const { origin } = fixture.server;
    const page = await (await fetch(`${origin}/`, { headers: { cookie: browser.cookie } })).text();
    expect(page).toContain(`<meta name="${HOST_KIND_META}" content="${TEAM_SERVER_HOST}">`);
    expect(page).toContain(`<meta name="${PAGE_KEY_META}" content="`);
  });
});
