/** Clear local data deletes nothing the agent was not warned about, even when a save lands meanwhile. */
import { describe, expect, it, vi } from 'vitest';
import { LocalDataClearer } from '../../../src-main/app/privacy/localDataClearer';
import { MemoryRecentNumbersStore } from '../../../src-main/calls';
import type { PendingSave } from '../../../src-main/shared/contract';
import { spyLogger } from '../calls/fixtures';

const pendingSave = (uniqueid: string) => ({ uniqueid }) as PendingSave;

function clearerWith(pending: PendingSave[], onStop: () => void = () => {}) {
  const recentNumbers = new MemoryRecentNumbersStore([
    { dial: '201', display: '201', at: 1, source: 'dialpad' },
  ]);
  const deps = {
    pendingWrapUps: () => [...pending],
    stopSync: vi.fn(async () => onStop()),
    restartSync: vi.fn(),
    forgetHistoryInFlight: vi.fn(),
    databases: () => [],
    recentNumbers,
    afterClear: vi.fn(),
    logger: spyLogger(),
  };
  return { clearer: new LocalDataClearer(deps), deps, recentNumbers };
}

describe('LocalDataClearer', () => {
  it('refuses, without stopping anything, while more wrap-ups wait than the agent was told', async () => {
    const { clearer, deps, recentNumbers } = clearerWith([pendingSave('1.1'), pendingSave('1.2')]);
    expect(await clearer.clear(1)).toEqual({ cleared: false, unsentWrapUps: 2 });
    expect(deps.stopSync).not.toHaveBeenCalled();
    expect(recentNumbers.load()).toHaveLength(1);
  });

  it('refuses when a wrap-up is saved while the sync stops, and starts the sync again', async () => {
    const pending: PendingSave[] = [];
    const { clearer, deps, recentNumbers } = clearerWith(pending, () => pending.push(pendingSave('1.3')));
    expect(await clearer.clear(0)).toEqual({ cleared: false, unsentWrapUps: 1 });
    expect(deps.restartSync).toHaveBeenCalledOnce();
    expect(deps.afterClear).not.toHaveBeenCalled();
    expect(deps.forgetHistoryInFlight).not.toHaveBeenCalled();
    expect(recentNumbers.load()).toHaveLength(1);
  });

  it('clears the recent numbers and says which unsent wrap-ups went', async () => {
    const { clearer, deps, recentNumbers } = clearerWith([pendingSave('1.4')]);
    expect(await clearer.clear(1)).toEqual({ cleared: true });
    expect(recentNumbers.load()).toEqual([]);
    expect(deps.afterClear).toHaveBeenCalledWith({ wrapUps: [pendingSave('1.4')] });
    // Before anything is erased: a fetch or send ending later must not write back into the emptied file.
    expect(deps.forgetHistoryInFlight.mock.invocationCallOrder[0]).toBeLessThan(
      deps.afterClear.mock.invocationCallOrder[0]!,
    );
    expect(deps.restartSync).not.toHaveBeenCalled();
  });
});
