/**
 * What the team-server host tests share: a keychain held in memory (keytar's shape), every file under a
 * directory read back (to look for what must not be on disk), the live calls on an agent's phone as the
 * demo PBX reports them, and the window's IPC as the app's own renderer would call it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeCallState } from '../../../src-main/api/schemas/calls';
import type { KeytarLike } from '../../../src-main/app/settings/secretStoreKeytar';
import type { TestClient } from '../../conformance/helpers';
import type { DemoAgentUser } from '../server/demoAgents';

/** keytar over a Map: `service/account` → secret. */
export function memoryKeytar(entries: Map<string, string>): KeytarLike {
  return {
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => {
      entries.set(`${service}/${account}`, password);
    },
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
  };
}

/** Every file under `directory`, with its content as text. */
export function filesUnder(directory: string): { path: string; text: string }[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, text: readFileSync(path).toString('latin1') };
    });
}

/** The live calls on an agent's phone, as the PBX itself reports them. */
export async function callsOnPhone(
  sim: TestClient,
  agent: DemoAgentUser,
): Promise<{ uniqueid: string; state: string }[]> {
  const response = await sim.get('/call', { query: { extension: agent.extension } });
  const calls = response.body.data as { uniqueid: string; state: number }[];
  return calls.map((call) => ({ uniqueid: call.uniqueid, state: describeCallState(call.state).name }));
}

export type IpcHandler = (
  event: { sender: unknown; senderFrame: { url: string } },
  args?: unknown,
) => Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>;

/** A window's IPC: the handlers the app registered, called as that window's main frame. */
export function windowIpc(
  handlers: Map<string, IpcHandler>,
  window: { webContents: { mainFrame: { url: string } } },
) {
  return (channel: string, args?: unknown) =>
    handlers.get(channel)!({ sender: window.webContents, senderFrame: window.webContents.mainFrame }, args);
}
