/**
 * A settings save that does not apply is no `ok` in the audit log. On a team server against the demo PBX, an
 * administrator (whom the guard lets change identity fields) tries to become another PBX user: the server's lock
 * on who the agent is refuses the save, and the audit log records it `forbidden`, as the guard's own
 * refusals; a save with a value the validation refuses is recorded `failed`.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieSettingsFor } from '../../../../src-main/server/identity/sessionCookies';
import type { SettingsSaveResult, SettingsView } from '../../../../src-main/shared/contract';
import { enrollByLink, openAgentSocket, type AgentSocket } from '../teamServerClient';
import { startTeamServerFixture, type TeamServerFixture } from '../teamServerFixture';

let fixture: TeamServerFixture;
let socket: AgentSocket;

beforeAll(async () => {
  fixture = await startTeamServerFixture({ administrators: 'agent' });
  const { url } = fixture.server.enrollment.issue(fixture.demo.agent.username, 'test administrator');
  const cookieName = cookieSettingsFor(fixture.server.origin).sessionName;
  socket = await openAgentSocket(
    fixture.server.origin,
    await enrollByLink(fixture.server.origin, url, cookieName),
  );
  await vi.waitFor(() => expect(socket.frames.some((frame) => frame.type === 'hello')).toBe(true));
}, 30_000);

afterAll(async () => {
  await fixture?.close();
});

const saves = () =>
  fixture.audit.filter((event) => event.kind === 'command' && event.command === 'settings:save');

describe('a settings save that does not apply', { timeout: 20_000 }, () => {
  it('is recorded as refused when the server’s lock on who the agent is refuses it', async () => {
    const view = (await socket.invoke('settings:get')).value as SettingsView;
    expect(view.locked).toContain('agentUsername');
    const answer = await socket.invoke('settings:save', {
      settings: { ...view.settings, agentUsername: 'petr.boss' },
    });
    expect((answer.value as SettingsSaveResult).saved).toBe(false);
    expect(saves().at(-1)).toMatchObject({
      result: 'forbidden',
      error: 'forbidden',
      target: { settings: ['agentUsername'] },
    });
  });

  it('is recorded as failed when a value does not validate, and ok when it saves', async () => {
    const view = (await socket.invoke('settings:get')).value as SettingsView;
    const invalid = await socket.invoke('settings:save', {
      settings: { ...view.settings, crmCallUrl: 'javascript:alert(document.cookie)' },
    });
    expect((invalid.value as SettingsSaveResult).saved).toBe(false);
    expect(saves().at(-1)).toMatchObject({ result: 'failed', error: 'validation-failed' });

    const valid = await socket.invoke('settings:save', {
      settings: { ...view.settings, queueLongWaitSeconds: 90 },
    });
    expect((valid.value as SettingsSaveResult).saved).toBe(true);
    expect(saves().at(-1)).toMatchObject({ result: 'ok' });
  });
});
