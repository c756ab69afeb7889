/**
 * Damage found while Ringside runs, not at open: any statement that meets it takes the same path as a
 * damaged file at start. The directory cache is rebuilt; the history file is salvaged, and a wrap-up the
 * agent saves at that moment is not lost: the save says so and the wrap-up is in the repaired history.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import type { IpcError } from '../../../src-main/shared/contract';
import { outage } from '../app/pbx';
import { overwritePages, pagesOf } from './support/damage';
import { allCalls, callId, corruptCopies, durabilitySuite, startCore, wait } from './support/durabilityCore';

const PERSONS = 300;
const CALLS = 400;
const WRAPPED_UP = [5, 250, 390];

const suite = durabilitySuite({ persons: PERSONS, calls: CALLS, wrappedUp: WRAPPED_UP });

beforeEach(async () => {
  suite.core = await startCore(suite.pbx, suite.directory);
});

/**
 * Damages pages of a file the app has open. The app's connection keeps pages it has read in memory, so
 * another connection then writes: the app's connection drops what it kept and reads the file again.
 */
function damageUnderneath(path: string, table: string, pages: (all: number[]) => number[]): void {
  overwritePages(path, pages(pagesOf(path, table)));
  const other = new Database(path);
  other.exec('CREATE TABLE IF NOT EXISTS poke (x); DROP TABLE poke;');
  other.close();
}

async function failure(promise: Promise<unknown>): Promise<IpcError> {
  return promise.then(
    () => {
      throw new Error('expected the command to fail');
    },
    (error: IpcError) => ({ code: error.code, message: error.message }),
  );
}

describe('damage met while running', { timeout: 60_000 }, () => {
  it('in the history file: the wrap-up being saved is kept, the file salvaged, the agent told', async () => {
    const running = suite.core!;
    expect(await allCalls(running)).toHaveLength(CALLS);
    damageUnderneath(join(suite.directory, 'history-demo.sqlite'), 'wrapups', (pages) => pages);

    const error = await failure(
      running.commands['wrapup:save']({
        uniqueid: callId(7),
        disposition: null,
        note: 'Typed while the file broke',
        followUp: false,
      }),
    );

    expect(error.code).toBe('cache-unavailable');
    expect(error.message).toMatch(/kept and will be saved/);
    const repair = await wait(async () => {
      const notice = await running.commands['history:repair']();
      expect(notice).not.toBeNull();
      return notice!;
    });
    // The three earlier wrap-ups' own rows were on the damaged page; their saves in the outbox were not.
    expect(repair).toMatchObject({ recoveredCalls: CALLS, recoveredUnsentWrapUps: 3, unreadable: 3 });
    await wait(async () =>
      expect((await running.commands['wrapup:get']({ uniqueid: callId(7) })).saved?.note).toBe(
        'Typed while the file broke',
      ),
    );
    const pending = (await running.commands['wrapup:pending']()).map((save) => save.uniqueid).sort();
    expect(pending).toEqual([...WRAPPED_UP, 7].map(callId).sort());
    expect(await allCalls(running)).toHaveLength(CALLS);
    expect(corruptCopies(suite.directory, 'history-demo.sqlite')).toHaveLength(1);
  });

  it('in the directory cache: the search that met it fails clearly, and the cache is rebuilt', async () => {
    const running = suite.core!;
    await outage(suite.pbx, 0);
    damageUnderneath(join(suite.directory, 'directory-demo.sqlite'), 'persons', (pages) => pages.slice(1, 8));
    const errors: IpcError[] = [];

    await wait(async () => {
      await running.commands['directory:person']({ id: 1 }).catch((error: IpcError) => errors.push(error));
      for (let id = 2; id <= PERSONS && errors.length === 0; id += 7) {
        await running.commands['directory:person']({ id }).catch((error: IpcError) => errors.push(error));
      }
      expect(corruptCopies(suite.directory, 'directory-demo.sqlite')).toHaveLength(1);
      expect(running.directorySync.status().counts?.persons).toBe(PERSONS);
    }, 40_000);

    expect(errors[0]).toMatchObject({ code: 'cache-unavailable', message: expect.stringMatching(/rebuilt/) });
    expect(await allCalls(running)).toHaveLength(CALLS);
    expect(await running.commands['history:repair']()).toBeNull();
  });
});
