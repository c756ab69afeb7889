/**
 * Settings ▸ Privacy through the real AppCore, against a demo PBX over HTTP with a real cache file: "Clear
 * local data" (warned about unsent wrap-ups first; history, notes, outbox, recent numbers and directory
 * gone, from the screens and from the file's bytes; settings and secret kept; the next sync rebuilds the
 * directory), and the retention period applied when the PBX's history opens and when the setting changes.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import { DAY_MS } from '../../../src-main/app/privacy/historyRetention';
import { MemoryRecentNumbersStore } from '../../../src-main/calls';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import { TestClient } from '../../conformance/helpers';
import { findInFiles } from '../../support/findInFiles';
import { AgentPhone } from '../support/agentPhone';
import { EventLog } from '../support/eventLog';
import { directoryCore } from './directoryFixtures';
import { FAST_HISTORY_POLICIES, outage } from './pbx';

let pbx: DemoPbx;
let sim: TestClient;
let cacheDir: string;
let core: AppCore;
const events = new EventLog();
const recentNumbers = new MemoryRecentNumbersStore();

const wait = <T>(check: () => T | Promise<T>, timeout = 10_000) =>
  vi.waitFor(check, { timeout, interval: 25 });
const phone = new AgentPhone(() => ({ core, pbx, sim, events }));
const answeredCall = (number: string) => phone.answeredCall(number);

const historyIds = async () =>
  (await core.commands['history:list']({ filter: 'all' })).items.map((item) => item.uniqueid);

beforeAll(async () => {
  pbx = await startDemoPbx({ persons: 20, ringEverySeconds: 0 });
  sim = new TestClient(pbx);
  cacheDir = mkdtempSync(join(tmpdir(), 'ringside-privacy-'));
  core = directoryCore(cacheDir, {
    demoPbx: { start: async () => ({ ...pbx, close: async () => {} }) },
    recentNumbers,
    historyPolicies: FAST_HISTORY_POLICIES,
  });
  core.subscribe(events.listener);
  await core.start();
  const { settings } = await core.commands['settings:get']();
  await core.commands['settings:save']({ settings: { ...settings, pollIntervalMs: 250 } });
  await core.directorySync.idle();
});

afterAll(async () => {
  await core?.dispose();
  await pbx?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('Settings ▸ Privacy', { timeout: 60_000 }, () => {
  it('keeps local history for 90 days unless the agent chooses otherwise', async () => {
    const { settings } = await core.commands['settings:get']();
    expect(settings.historyRetentionDays).toBe(90);
    const refused = await core.commands['settings:save']({
      settings: { ...settings, historyRetentionDays: 45 },
    });
    expect(refused).toMatchObject({ saved: false, errors: { historyRetentionDays: expect.any(String) } });
  });

  it('clears the history, notes, unsent wrap-ups, recent numbers and directory; keeps the settings', async () => {
    const sentNote = 'Quokkaberry refund promised to the caller by Friday';
    const unsentNote = 'Xylophonics contract to be cancelled, call back Monday';
    const sent = await answeredCall('+420 602 111 222');
    const unsent = await answeredCall('+420 602 333 444');
    await core.commands['wrapup:save']({
      uniqueid: sent,
      disposition: null,
      note: sentNote,
      followUp: false,
    });
    await wait(async () => expect(await core.commands['wrapup:pending']()).toEqual([]));
    // The PBX stops answering: the second wrap-up waits in the outbox.
    await outage(pbx, 3600);
    await core.commands['wrapup:save']({
      uniqueid: unsent,
      disposition: null,
      note: unsentNote,
      followUp: true,
    });
    recentNumbers.save([
      { dial: '+420602555666', display: '602 555 666', at: Date.now(), source: 'dialpad' },
    ]);
    expect(await core.commands['dial:recent']()).toHaveLength(1);
    // A copy of the history file set aside after damage holds the same notes.
    const historyPath = core.caches.current!.history!.path;
    copyFileSync(historyPath, `${historyPath}.corrupt-2026-11-20T08-00-00-000Z`);
    const settingsBefore = (await core.commands['settings:get']()).settings;
    expect(await historyIds()).toEqual(expect.arrayContaining([sent, unsent]));

    // The window warned about no unsent wrap-up, but one is waiting: nothing is deleted.
    expect(await core.commands['privacy:clear']({ unsentWrapUps: 0 })).toEqual({
      cleared: false,
      unsentWrapUps: 1,
    });
    expect(await historyIds()).toEqual(expect.arrayContaining([sent, unsent]));

    events.clear();
    expect(await core.commands['privacy:clear']({ unsentWrapUps: 1 })).toEqual({ cleared: true });
    expect(core.directorySync.status().counts?.persons).toBe(0);
    await outage(pbx, 0);

    expect(await historyIds()).toEqual([]);
    expect(await core.commands['wrapup:pending']()).toEqual([]);
    expect(await core.commands['dial:recent']()).toEqual([]);
    expect((await core.commands['settings:get']()).settings).toEqual(settingsBefore);
    expect(events.of('history:changed').some((change) => change.reset)).toBe(true);
    expect(events.of('wrapup:changed')).toContainEqual({ uniqueid: unsent, pending: null, pendingCount: 0 });
    const traces = new Map([
      [sentNote, 'the saved note'],
      [unsentNote, 'the unsent note'],
    ]);
    expect(findInFiles(cacheDir, traces)).toEqual([]);
    expect(readdirSync(cacheDir).filter((name) => name.includes('.corrupt-'))).toEqual([]);

    // The directory is gone too; the next sync brings it back (the one started at once met the outage).
    expect((await core.commands['directory:search']({ query: 'a' })).persons.items).toEqual([]);
    await core.commands['sync:run']();
    await wait(() => expect(core.directorySync.status().counts?.persons).toBeGreaterThan(0), 30_000);
  });

  it('also deletes the files of the other PBXs used at this desk, counting their unsent wrap-ups first', async () => {
    const note = 'Zebrafinch warranty claim, the caller waits for our answer';
    const uniqueid = await answeredCall('+420 602 777 888');
    await outage(pbx, 3600);
    await core.commands['wrapup:save']({ uniqueid, disposition: null, note, followUp: false });
    await wait(async () => expect(await core.commands['wrapup:pending']()).toHaveLength(1));
    // Another PBX's pair, as a switch of PBX leaves it: its history holds the same unsent wrap-up and note.
    const { database, history } = core.caches.current!;
    if (!history) throw new Error('the desktop keeps a history beside its directory');
    const otherDirectory = join(cacheDir, 'directory-pbx.example.com-0123456789.sqlite');
    const otherHistory = join(cacheDir, 'history-pbx.example.com-0123456789.sqlite');
    database.db.prepare('VACUUM INTO ?').run(otherDirectory);
    history.db.prepare('VACUUM INTO ?').run(otherHistory);
    copyFileSync(otherHistory, `${otherHistory}.corrupt-2026-11-20T08-00-00-000Z`);
    const activeFiles = [database.path, history.path];

    // The window warned about the active PBX's one; the other PBX's is waiting too.
    expect(await core.commands['privacy:clear']({ unsentWrapUps: 1 })).toEqual({
      cleared: false,
      unsentWrapUps: 2,
    });
    expect(readdirSync(cacheDir)).toContain('history-pbx.example.com-0123456789.sqlite');

    expect(await core.commands['privacy:clear']({ unsentWrapUps: 2 })).toEqual({ cleared: true });
    await outage(pbx, 0);

    const left = readdirSync(cacheDir);
    expect(left.filter((name) => name.includes('pbx.example.com'))).toEqual([]);
    for (const path of activeFiles) expect(left).toContain(path.slice(cacheDir.length + 1));
    expect(findInFiles(cacheDir, new Map([[note, 'the note']]))).toEqual([]);
  });

  it('applies the retention period when it is shortened', async () => {
    const uniqueid = await answeredCall('+420 602 777 888');
    await wait(async () => expect(await historyIds()).toContain(uniqueid));
    // The call, seen from a week and a day later.
    const { settings } = await core.commands['settings:get']();
    const later = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 8 * DAY_MS);
    try {
      await core.commands['settings:save']({ settings: { ...settings, historyRetentionDays: 30 } });
      expect(await historyIds()).toContain(uniqueid);
      await core.commands['settings:save']({ settings: { ...settings, historyRetentionDays: 7 } });
      expect(await historyIds()).not.toContain(uniqueid);
    } finally {
      later.mockRestore();
    }
  });
});
