/**
 * The desktop's offline copy of a REAL team server's directory (on the demo PBX): filled after the client
 * connects, searched while the server is down with the same results the server gave, marked offline; only
 * the summaries search shows are in the private file; a copy cut short leaves the old one in use; sign-out's
 * removeOfflineDirectory leaves no file behind; and an agent's export is what that agent's search shows.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enrollWithLink, RemoteCore, type RemoteCredential } from '../../../src-main/remote';
import {
  OfflineDirectory,
  offlineDirectoryFile,
  removeOfflineDirectory,
  type InvokeServer,
} from '../../../src-main/remote/offlineDirectory';
import { MemorySettingsStore, SettingsRepository } from '../../../src-main/app/settings/settingsRepository';
import { defaultSettings } from '../../../src-main/app/settings/settingsSchema';
import type { DirectoryEntry, DirectoryExportPage, PersonSummary } from '../../../src-main/shared/contract';
import { systemClock } from '../../../src-main/shared/clock';
import { silentLogger } from '../../../src-main/shared/logger';
import { demoAgentsWithPhones, type DemoAgentUser } from '../server/demoAgents';
import { startTeamServerFixture, type TeamServerFixture } from '../server/teamServerFixture';

const wait = <T>(check: () => T | Promise<T>, timeout = 15_000) =>
  vi.waitFor(check, { timeout, interval: 50 });

let fixture: TeamServerFixture;
let alice: DemoAgentUser;
let bob: DemoAgentUser;
let dataDirectory: string;
let copy: OfflineDirectory;
let core: RemoteCore;

function remoteCore(credential: RemoteCredential, offlineDirectory?: OfflineDirectory): RemoteCore {
  const settings = new SettingsRepository({
    store: new MemorySettingsStore(),
    defaults: defaultSettings(),
    logger: silentLogger,
  });
  return new RemoteCore({ credential, clock: systemClock, logger: silentLogger, settings, offlineDirectory });
}

function offlineCopy(directory: string, pageSize = 7): OfflineDirectory {
  return new OfflineDirectory({
    directory,
    serverUrl: fixture.server.origin,
    logger: silentLogger,
    clock: systemClock,
    pageSize,
  });
}

/** Every entry of the directory as `invoke` pages it. */
async function exportAll(invoke: InvokeServer): Promise<DirectoryEntry[]> {
  const entries: DirectoryEntry[] = [];
  let cursor: string | undefined;
  do {
    const result = await invoke('directory:export', { cursor, limit: 9 });
    if (!result.ok) throw new Error(result.error.message);
    const page = result.value as DirectoryExportPage;
    entries.push(...page.entries);
    cursor = page.next ?? undefined;
  } while (cursor);
  return entries;
}

const serverStamp = async () => (await core.commands['directory:export']({ limit: 1 })).stamp;

beforeAll(async () => {
  fixture = await startTeamServerFixture();
  [alice, bob] = demoAgentsWithPhones(fixture.demo, 2) as [DemoAgentUser, DemoAgentUser];
  dataDirectory = mkdtempSync(join(tmpdir(), 'ringside-offline-directory-'));
  copy = offlineCopy(dataDirectory);
  core = remoteCore(await enrollWithLink(issueLink(alice)), copy);
  await core.start();
  await wait(() => expect(core.linkStatus).toBe('connected'));
  // The server's first directory sync completes, and the copy follows it.
  await wait(async () => expect((await core.commands['sync:status']()).lastCompletedAt).not.toBeNull());
  await wait(async () => expect(copy.stamp).toBe(await serverStamp()));
}, 60_000);

afterAll(async () => {
  await core?.dispose();
  await fixture?.close();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

const issueLink = (agent: DemoAgentUser) =>
  fixture.server.enrollment.issue(agent.username, 'test administrator').url;

describe('the offline directory of a team server client', { timeout: 60_000 }, () => {
  let person: PersonSummary;

  it('is filled after connecting, in a private file, and searched from the server while connected', async () => {
    const file = offlineDirectoryFile(dataDirectory, fixture.server.origin);
    expect(copy.copiedAt).not.toBeNull();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const entries = await exportAll((channel, args) => core.invoke(channel, args));
    person = entries.find(
      (entry): entry is PersonSummary => entry.kind === 'person' && entry.numbers.length > 0,
    )!;
    const online = await core.commands['directory:search']({ query: person.name });
    expect(online.offlineCopyFrom).toBeUndefined();
    expect(online.persons.items).toContainEqual(person);
  });

  it('holds no field the directory does not show: no note, external id, CRM data, nor the PBX secret', async () => {
    const cards = await Promise.all(
      (await exportAll((channel, args) => core.invoke(channel, args)))
        .filter((entry) => entry.kind === 'person')
        .map((entry) => core.commands['directory:person']({ id: entry.id })),
    );
    const hidden = cards.flatMap((card) => [card.note, card.externalId ?? '', ...Object.keys(card.data)]);
    expect(hidden.filter((text) => text.length > 3).length).toBeGreaterThan(10);
    const file = offlineDirectoryFile(dataDirectory, fixture.server.origin);
    const bytes = readFileSync(file).toString('utf8') + readFileIfAny(`${file}-wal`);
    const secret = fixture.demo.credentials.clientSecret;
    expect([secret, ...hidden].filter((text) => text.length > 3 && bytes.includes(text))).toEqual([]);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare("SELECT count(*) FROM persons WHERE note != '' OR data != '{}'").pluck().get()).toBe(
        0,
      );
      expect(db.prepare('SELECT count(*) FROM persons').pluck().get()).toBe(cards.length);
    } finally {
      db.close();
    }
  });

  it('an agent’s export shows exactly what that agent’s search shows', async () => {
    const bobsCore = remoteCore(await enrollWithLink(issueLink(bob)));
    await bobsCore.start();
    try {
      await wait(() => expect(bobsCore.linkStatus).toBe('connected'));
      const entries = await exportAll((channel, args) => bobsCore.invoke(channel, args));
      expect(entries.length).toBeGreaterThan(20);
      for (const entry of entries) {
        const found = await bobsCore.commands['directory:search']({ query: entry.name, limit: 100 });
        const items: DirectoryEntry[] = [
          ...found.persons.items,
          ...found.companies.items,
          ...found.users.items,
          ...found.extensions.items,
        ];
        expect(items).toContainEqual(entry);
      }
    } finally {
      await bobsCore.dispose();
    }
  });

  it('keeps the old copy in use when a copy is cut short, and finishes it the next time', async () => {
    // A copy of its own, which the core's refreshes (after each server sync) do not touch.
    const directory = mkdtempSync(join(tmpdir(), 'ringside-offline-cut-'));
    const own = offlineCopy(directory, 5);
    const invoke: InvokeServer = (channel, args) => core.invoke(channel, args);
    try {
      expect(await own.refresh(invoke)).toBe('copied');
      const created = await core.commands['directory:createPerson']({
        firstname: 'Offlinia',
        lastname: 'Kopečková',
        contacts: [{ type: 1, contact: '+420 606 404 404', label: 'mobile' }],
      });
      expect(created.saved).toBe(true);
      await wait(async () => expect(await serverStamp()).not.toBe(own.stamp));
      const before = { stamp: own.stamp, copiedAt: own.copiedAt };

      let pages = 0;
      const cutShort: InvokeServer = async (channel, args) =>
        ++pages > 3
          ? { ok: false, error: { code: 'network-error', message: 'lost', params: {} } }
          : invoke(channel, args);
      await expect(own.refresh(cutShort)).rejects.toThrow(/network-error/);
      expect({ stamp: own.stamp, copiedAt: own.copiedAt }).toEqual(before);
      expect(own.search({ query: 'Offlinia' })?.persons.items).toEqual([]);
      expect(own.search({ query: person.name })?.persons.items).toContainEqual(person);
      expect(readdirSync(directory).filter((name) => name.includes('.partial'))).toEqual([]);

      expect(await own.refresh(invoke)).toBe('copied');
      expect(own.search({ query: 'offlinia kope' })?.persons.items.map((item) => item.name)).toEqual([
        'Offlinia Kopečková',
      ]);
      expect(await own.refresh(invoke)).toBe('unchanged');
    } finally {
      own.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('is not searched once the session is revoked: a signed-out agent is refused', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'ringside-offline-revoked-'));
    const bobsCopy = offlineCopy(directory);
    const bobsCore = remoteCore(await enrollWithLink(issueLink(bob)), bobsCopy);
    try {
      await bobsCore.start();
      await wait(async () => expect(bobsCopy.stamp).toBe(await serverStamp()));
      for (const session of fixture.sessions.list(bob.username)) fixture.sessions.revoke(session.id);
      await wait(() => expect(bobsCore.linkStatus).toBe('signed-out'));
      expect(bobsCopy.search({ query: person.name })?.persons.items).toContainEqual(person);
      await expect(bobsCore.commands['directory:search']({ query: person.name })).rejects.toMatchObject({
        code: 'auth-failed',
      });
    } finally {
      await bobsCore.dispose();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('answers search from the copy while the server is down, as the server did, marked offline', async () => {
    const byName = await core.commands['directory:search']({ query: person.name });
    const digits = person.numbers[0]!.display.replace(/\D/g, '').slice(-9, -2);
    const byNumber = await core.commands['directory:search']({ query: digits });
    expect(byNumber.persons.items).toContainEqual(person);

    await fixture.stop();
    await wait(() => expect(core.linkStatus).toBe('reconnecting'));
    const offlineByName = await core.commands['directory:search']({ query: person.name });
    const offlineByNumber = await core.commands['directory:search']({ query: digits });
    expect(offlineByName).toEqual({ ...byName, offlineCopyFrom: copy.copiedAt });
    expect(offlineByNumber).toEqual({ ...byNumber, offlineCopyFrom: copy.copiedAt });
    // The card and edits still need the server.
    await expect(core.commands['directory:person']({ id: person.id })).rejects.toMatchObject({
      code: 'network-error',
    });
  });

  it('is deleted by removeOfflineDirectory, with its -wal and -shm', () => {
    const file = offlineDirectoryFile(dataDirectory, fixture.server.origin);
    // As after a crash: the copy still open, its companions beside it.
    const open = offlineCopy(dataDirectory);
    expect(open.copiedAt).not.toBeNull();
    expect(existsSync(`${file}-wal`) && existsSync(`${file}-shm`)).toBe(true);
    removeOfflineDirectory(dataDirectory, fixture.server.origin);
    open.close();
    removeOfflineDirectory(dataDirectory, fixture.server.origin);
    expect(readdirSync(dataDirectory).filter((name) => name.startsWith('offline-'))).toEqual([]);
  });
});

function readFileIfAny(path: string): string {
  return existsSync(path) ? readFileSync(path).toString('utf8') : '';
}
