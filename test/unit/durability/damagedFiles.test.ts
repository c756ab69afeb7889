/**
 * Each of a PBX's files damaged between two runs of the real AppCore (demo PBX over HTTP, real files):
 * the directory cache is rebuilt from the PBX and nothing the agent wrote goes with it; the history file is
 * salvaged (what can be read is kept, the damaged file is set aside) and the agent is told what was lost.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import { outage } from '../app/pbx';
import { overwritePages, pagesOf, truncateFile } from './support/damage';
import {
  allCalls,
  callId,
  corruptCopies,
  durabilitySuite,
  seedHistory,
  startCore,
  wait,
} from './support/durabilityCore';

const PERSONS = 300;
const CALLS = 600;
const DIRECTORY_FILE = 'directory-demo.sqlite';
const HISTORY_FILE = 'history-demo.sqlite';
const WRAPPED_UP = [5, 250, 590];

const suite = durabilitySuite({ persons: PERSONS, calls: CALLS, wrappedUp: WRAPPED_UP });

const pendingIds = async (running: AppCore) =>
  (await running.commands['wrapup:pending']()).map((save) => save.uniqueid).sort();

describe('a damaged directory cache', { timeout: 60_000 }, () => {
  const damages = {
    'pages overwritten': (path: string) => overwritePages(path, pagesOf(path, 'persons').slice(2, 12)),
    'cut short': (path: string) => truncateFile(path, 0.4),
  };

  it.each(Object.keys(damages))(
    'with %s is rebuilt from the PBX; the history and the unsent wrap-ups stay',
    async (damage) => {
      damages[damage as keyof typeof damages](join(suite.directory, DIRECTORY_FILE));

      const core = (suite.core = await startCore(suite.pbx, suite.directory));

      expect(await pendingIds(core)).toEqual(WRAPPED_UP.map(callId).sort());
      expect(await allCalls(core)).toHaveLength(CALLS);
      expect((await core.commands['wrapup:get']({ uniqueid: callId(250) })).saved?.note).toBe(
        'Note for call 250',
      );
      await outage(suite.pbx, 0);
      // The damage is found by whatever reads it first (a search here), and the cache is rebuilt.
      await wait(async () => {
        await core.commands['directory:search']({ query: 'a' }).catch(() => undefined);
        expect(core.directorySync.status().counts?.persons).toBe(PERSONS);
        expect(corruptCopies(suite.directory, DIRECTORY_FILE)).toHaveLength(1);
      }, 40_000);
      // Nothing of the history was touched, so there is nothing to tell.
      expect(await core.commands['history:repair']()).toBeNull();
      expect(await allCalls(core)).toHaveLength(CALLS);
    },
  );
});

describe('a damaged history file', { timeout: 60_000 }, () => {
  it('with pages overwritten is salvaged: every call is either recovered or counted as lost', async () => {
    const path = join(suite.directory, HISTORY_FILE);
    const leaves = pagesOf(path, 'call_history');
    overwritePages(path, leaves.slice(3, 6));

    const core = (suite.core = await startCore(suite.pbx, suite.directory));
    // Reading the history meets the damage; the file is salvaged and the history read again.
    const calls = await wait(async () => allCalls(core));
    const repair = await core.commands['history:repair']();

    expect(repair).toMatchObject({ recoveredUnsentWrapUps: WRAPPED_UP.length });
    expect(repair!.recoveredCalls).toBe(calls.length);
    expect(calls.length).toBeLessThan(CALLS);
    expect(calls.length).toBeGreaterThan(CALLS / 2);
    expect(repair!.recoveredCalls + repair!.unreadable!).toBe(CALLS);
    expect(await pendingIds(core)).toEqual(WRAPPED_UP.map(callId).sort());
    expect(corruptCopies(suite.directory, HISTORY_FILE)).toHaveLength(1);
    // The agent dismisses the notice; it does not come back.
    await core.commands['history:dismissRepair']();
    expect(await core.commands['history:repair']()).toBeNull();
  });

  it('cut short keeps what it still holds and goes on recording', async () => {
    const path = join(suite.directory, HISTORY_FILE);
    truncateFile(path, 0.5);

    const core = (suite.core = await startCore(suite.pbx, suite.directory));
    const calls = await wait(async () => allCalls(core));
    const repair = await core.commands['history:repair']();

    expect(repair).not.toBeNull();
    expect(repair!.recoveredCalls).toBe(calls.length);
    expect(await pendingIds(core)).toEqual(WRAPPED_UP.map(callId).sort());
    expect(corruptCopies(suite.directory, HISTORY_FILE)).toHaveLength(1);
    seedHistory(core, CALLS + 1);
    expect(await allCalls(core)).toHaveLength(CALLS + 1);
  });

  it('leaves the directory cache alone', async () => {
    overwritePages(
      join(suite.directory, HISTORY_FILE),
      pagesOf(join(suite.directory, HISTORY_FILE), 'call_history').slice(3, 6),
    );
    const core = (suite.core = await startCore(suite.pbx, suite.directory));
    await wait(async () => allCalls(core));
    expect(core.directorySync.status().counts?.persons).toBe(PERSONS);
    expect(existsSync(join(suite.directory, DIRECTORY_FILE))).toBe(true);
    expect(corruptCopies(suite.directory, DIRECTORY_FILE)).toEqual([]);
  });
});
