/**
 * The server's data directory holds the PBX's directory cache, and each agent's history only in the agent's
 * own folder: no history file (empty, and nobody's) beside the directory cache.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agentFolderName, AGENTS_FOLDER } from '../../../src-main/server/agents/agentFolder';
import { cookieSettingsFor } from '../../../src-main/server/identity/sessionCookies';
import { enrollByLink, openAgentSocket } from './teamServerClient';
import { startTeamServerFixture, type TeamServerFixture } from './teamServerFixture';

let fixture: TeamServerFixture;

beforeAll(async () => {
  fixture = await startTeamServerFixture();
}, 30_000);

afterAll(async () => {
  await fixture?.close();
});

describe('the data directory', { timeout: 20_000 }, () => {
  it('has the directory cache, and history files only in the agents’ folders', async () => {
    const { server, demo, dataDirectory } = fixture;
    const { url } = server.enrollment.issue(demo.agent.username, 'test administrator');
    const browser = await enrollByLink(server.origin, url, cookieSettingsFor(server.origin).sessionName);
    const socket = await openAgentSocket(server.origin, browser);
    expect((await socket.invoke('history:list', { filter: 'all' })).ok).toBe(true);
    const folder = join(dataDirectory, AGENTS_FOLDER, agentFolderName(demo.agent.username));
    await vi.waitFor(() => expect(readdirSync(folder)).toContain('history-directory-demo.sqlite'));

    const root = readdirSync(dataDirectory);
    expect(root).toContain('directory-demo.sqlite');
    expect(root.filter((name) => name.startsWith('history'))).toEqual([]);
  });
});
