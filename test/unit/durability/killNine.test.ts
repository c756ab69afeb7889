/**
 * A crash at the worst moment: the core runs in a child process (composed as the app composes it, against a
 * demo PBX this test runs) and is killed with SIGKILL in the middle of a directory sync and of wrap-up
 * saves. On restart no acknowledged wrap-up is lost and the cache is consistent (quick_check ok, counts
 * sane), and the interrupted sync completes; also when the WAL of each file was deleted after the crash.
 * A wrap-up typed but not saved survives the kill too, and is offered again after the restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KIND_CODE } from '../../../src-main/cache/database/entryKind';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import { deleteWal } from './support/damage';
import { CoreProcess } from './support/coreProcessHandle';

const PERSONS = 1500;
const DIRECTORY_FILE = 'directory-demo.sqlite';
const HISTORY_FILE = 'history-demo.sqlite';

let pbx: DemoPbx;
let userData: string;
const running = new Set<CoreProcess>();

beforeAll(async () => {
  pbx = await startDemoPbx({ persons: PERSONS, seed: 11, ringEverySeconds: 0 });
});

afterAll(async () => {
  await pbx?.close();
});

beforeEach(() => {
  userData = mkdtempSync(join(tmpdir(), 'ringside-kill-'));
});

afterEach(async () => {
  await Promise.all([...running].map((core) => core.kill()));
  running.clear();
  rmSync(userData, { recursive: true, force: true });
});

async function startCore(): Promise<CoreProcess> {
  const core = await CoreProcess.start(userData, pbx);
  running.add(core);
  return core;
}

const saves = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    uniqueid: `1795000000.${index + 1}`,
    note: `Wrap-up ${index + 1}: called back about the delivery`,
  }));

/** A sync well into the persons' details (not done: the kill must land in the middle). */
const midSync = (core: CoreProcess) =>
  core.next(
    'sync',
    ({ status }) => status.running && status.phase === 'persons:details' && status.done >= PERSONS / 5,
  );

/** The files as the crash left them, read as the next start reads them: quick_check and counts. */
function inspect(fileName: string): {
  check: string;
  persons?: number;
  detailsDue?: number;
  orphanNumbers?: number;
} {
  const db = new Database(join(userData, fileName));
  try {
    const check = String(db.pragma('quick_check', { simple: true }));
    if (fileName !== DIRECTORY_FILE) return { check };
    return {
      check,
      persons: Number(db.prepare('SELECT count(*) FROM persons').pluck().get()),
      detailsDue: Number(
        db
          .prepare('SELECT count(*) FROM record_sync WHERE kind = ? AND needs_fetch = 1')
          .pluck()
          .get(KIND_CODE.person),
      ),
      orphanNumbers: Number(
        db
          .prepare(
            `SELECT count(*) FROM numbers n WHERE n.kind = ? AND NOT EXISTS (SELECT 1 FROM persons p WHERE p.id = n.owner_id)`,
          )
          .pluck()
          .get(KIND_CODE.person),
      ),
    };
  } finally {
    db.close();
  }
}

/** The restarted core completes the sync and still has every acknowledged save. */
async function expectRestartKeeps(acknowledged: Map<string, string>): Promise<void> {
  const core = await startCore();
  await core.next('sync', ({ status }) => !status.running && status.counts?.persons === PERSONS, 120_000);
  core.send({ type: 'state', uniqueids: [...acknowledged.keys()] });
  const state = await core.next('state');
  expect(state.notes).toEqual(Object.fromEntries(acknowledged));
  expect(state.sync.counts?.persons).toBe(PERSONS);
  await core.stop();
  running.delete(core);
}

function acknowledgedOf(core: CoreProcess, sent: { uniqueid: string; note: string }[]): Map<string, string> {
  const notes = new Map(sent.map((save) => [save.uniqueid, save.note]));
  return new Map(core.all('saved').map(({ uniqueid }) => [uniqueid, notes.get(uniqueid)!]));
}

describe('killed with SIGKILL', { timeout: 240_000 }, () => {
  it('during a directory sync: the cache is consistent, the sync resumes, saved wrap-ups stay', async () => {
    const core = await startCore();
    const sent = saves(5);
    core.send({ type: 'save', saves: sent });
    await core.next('saved', ({ uniqueid }) => uniqueid === sent.at(-1)!.uniqueid);
    await midSync(core);

    await core.kill();
    running.delete(core);

    const directory = inspect(DIRECTORY_FILE);
    expect(directory).toMatchObject({ check: 'ok', orphanNumbers: 0 });
    expect(directory.persons).toBeGreaterThan(0);
    expect(directory.persons).toBeLessThanOrEqual(PERSONS);
    // Killed mid-way: some details were still to fetch.
    expect(directory.detailsDue).toBeGreaterThan(0);
    expect(inspect(HISTORY_FILE).check).toBe('ok');
    await expectRestartKeeps(acknowledgedOf(core, sent));
  });

  it('during wrap-up saves: every save it acknowledged is there after the restart', async () => {
    const core = await startCore();
    const sent = saves(400);
    core.send({ type: 'save', saves: sent });
    await core.next('saved', ({ uniqueid }) => uniqueid === sent[60]!.uniqueid);

    await core.kill();
    running.delete(core);

    const acknowledged = acknowledgedOf(core, sent);
    expect(acknowledged.size).toBeGreaterThan(60);
    expect(acknowledged.size).toBeLessThan(sent.length);
    expect(inspect(HISTORY_FILE).check).toBe('ok');
    await expectRestartKeeps(acknowledged);
  });

  it('during a sync and saves, with each WAL deleted afterwards: no saved wrap-up is lost', async () => {
    const core = await startCore();
    const sent = saves(400);
    await midSync(core);
    core.send({ type: 'save', saves: sent });
    await core.next('saved', ({ uniqueid }) => uniqueid === sent[40]!.uniqueid);
    expect(core.all('sync').at(-1)?.status.running).toBe(true);

    await core.kill();
    running.delete(core);
    const acknowledged = acknowledgedOf(core, sent);
    expect(acknowledged.size).toBeLessThan(sent.length);
    expect(deleteWal(join(userData, HISTORY_FILE))).toBe(true);
    expect(deleteWal(join(userData, DIRECTORY_FILE))).toBe(true);

    // Whatever the directory cache lost with its WAL, the restart either finds it sound or rebuilds it.
    await expectRestartKeeps(acknowledged);
  });

  it('with a wrap-up typed but not saved, twice: the draft as last typed is offered again', async () => {
    const uniqueid = '1795000000.900';
    /** A core started on the files as the last kill left them: what it keeps, then the next draft typed. */
    const restartTyping = async (note: string | null) => {
      const core = await startCore();
      core.send({ type: 'state', uniqueids: [uniqueid] });
      const state = await core.next('state');
      if (note !== null) {
        core.send({ type: 'draft', uniqueid, note });
        await core.next('drafted');
        await core.kill();
      } else {
        await core.stop();
      }
      running.delete(core);
      return state;
    };

    await restartTyping('Customer wants a call');
    const afterFirstKill = await restartTyping('Customer wants a call back on Monday');
    expect(afterFirstKill.drafts).toEqual({ [uniqueid]: 'Customer wants a call' });
    const afterSecondKill = await restartTyping(null);
    expect(afterSecondKill.drafts).toEqual({ [uniqueid]: 'Customer wants a call back on Monday' });
    // Not saved: nothing of it is a wrap-up yet.
    expect(afterSecondKill.notes).toEqual({ [uniqueid]: null });
    expect(inspect(HISTORY_FILE).check).toBe('ok');
  });
});
