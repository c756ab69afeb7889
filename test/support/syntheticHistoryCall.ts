/** Calls for filling a history in benchmarks: the n-th of a run, each from a number of its own. */
import type { NewHistoryCall } from '../../src-main/cache';

/** The `index`-th call: every third outbound, every seventh missed (the caller records how it ended). */
export function syntheticHistoryCall(
  index: number,
  uniqueid: string,
  startedAt: number,
): { call: NewHistoryCall; outcome: 'missed' | 'answered' } {
  const number = `+4206020${String(index).padStart(5, '0')}`;
  return {
    call: {
      uniqueid,
      direction: index % 3 === 0 ? 'outbound' : 'inbound',
      remote: { number, display: number, dial: number, pbxName: `Caller ${index}` },
      match: null,
      company: null,
      queue: null,
      startedAt,
      digitForms: [number.slice(1), number.slice(4)],
    },
    outcome: index % 7 === 0 ? 'missed' : 'answered',
  };
}
