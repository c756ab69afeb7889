/** The history fed by monitor snapshots: outcomes, the end event, settling calls a previous run left open. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallRecordV1 } from '../../../src-main/api/schemas';
import { HistoryStore, openHistoryFile, type CacheDatabase } from '../../../src-main/cache';
import { CallerLookup, type CallerDirectory } from '../../../src-main/calls/callerLookup';
import type { CallEvent } from '../../../src-main/calls/monitor/diffCalls';
import { HistoryRecorder, outcomeOnEnd } from '../../../src-main/calls/history/historyRecorder';
import type { HistoryEmitter } from '../../../src-main/calls/history/historyEmitter';
import type { ObservedCall } from '../../../src-main/calls/monitor/observedCall';
import type { CallStateView, NumberMatch } from '../../../src-main/shared/contract';
import { numberOwners } from '../../fixtures/calls';
import { spyLogger } from '../calls/fixtures';

const T0 = Date.UTC(2026, 2, 10, 8, 0);
let now = T0;
let database: CacheDatabase;
let store: HistoryStore;
let emitted: { channel: string; payload: unknown }[];
let ended: string[];

/** Owners of every number, best first, as the directory cache would give them; none by default. */
function recorder(owners: NumberMatch[] = []): HistoryRecorder {
  const emit: HistoryEmitter = (channel, payload) => emitted.push({ channel, payload });
  const directory: CallerDirectory = {
    lookupNumber: () => owners,
    personCard: () => null,
    upsertPerson: () => {},
    removePerson: () => {},
  };
  return new HistoryRecorder({
    store,
    lookup: new CallerLookup(
      () => directory,
      () => 'CZ',
    ),
    defaultCountry: () => 'CZ',
    emit,
    onEnded: (uniqueid) => ended.push(uniqueid),
    clock: { now: () => now },
    logger: spyLogger(),
  });
}

function observed(
  uniqueid: string,
  state: CallStateView,
  direction: 'inbound' | 'outbound' = 'inbound',
): ObservedCall {
  return {
    uniqueid,
    state,
    stateName: state,
    direction,
    remote: { number: '602 111 222', lookupNumber: '+420602111222', pbxName: 'Jana Nováková' },
    queue: null,
    createdAt: T0,
    connectedAt: state === 'connected' ? now : null,
    data: {},
  };
}

/** Feeds the recorder a sequence of states of one call, each as the monitor would report it. */
function play(
  target: HistoryRecorder,
  uniqueid: string,
  states: CallStateView[],
  direction?: 'inbound' | 'outbound',
) {
  let previous: CallStateView | undefined;
  states.forEach((state, index) => {
    now = T0 + index * 10_000;
    const call = observed(uniqueid, state, direction);
    const type: CallEvent['type'] | null =
      state === 'ringing'
        ? call.direction === 'inbound'
          ? 'inbound-ringing'
          : 'outbound-dialling'
        : state === 'connected'
          ? 'connected'
          : null;
    const events: CallEvent[] = type ? [{ type, call, previous }] : [];
    target.record({ pollId: index + 1, calls: [call], events }, index === 0);
    previous = state;
  });
  now += 10_000;
  const last = observed(uniqueid, previous!, direction);
  target.record(
    { pollId: states.length + 1, calls: [], events: [{ type: 'ended', call: last, previous }] },
    false,
  );
}

beforeEach(() => {
  database = openHistoryFile(':memory:', { logger: spyLogger() });
  store = new HistoryStore(database);
  emitted = [];
  ended = [];
});

afterEach(() => database.close());

describe('history recorder', () => {
  it.each([
    ['inbound', true, false, 'answered'],
    ['inbound', false, true, 'missed'],
    ['inbound', false, false, 'abandoned'],
    ['outbound', false, true, 'unanswered'],
    ['outbound', true, true, 'answered'],
  ] as const)('%s, answered %s, rang %s → %s', (direction, answered, rang, outcome) => {
    expect(outcomeOnEnd(direction, answered, rang)).toBe(outcome);
  });

  it('names the company of the person it names, never another owner’s of the same number', () => {
    const { jana, petr } = numberOwners;
    play(recorder([jana, petr]), '1773129600.1', ['ringing', 'connected']);
    expect(store.get('1773129600.1')).toMatchObject({ match: { name: 'Jana Nováková' }, company: null });
    play(recorder([petr, jana]), '1773129600.2', ['ringing', 'connected']);
    expect(store.get('1773129600.2')).toMatchObject({
      match: { name: 'Petr Svoboda' },
      company: { id: 3, name: 'Svoboda Logistics' },
    });
  });

  it('writes a call from its first sight to its end and announces the end for the wrap-up panel', () => {
    play(recorder(), '1773129600.1', ['ringing', 'connected', 'held', 'connected']);
    const item = store.get('1773129600.1');
    expect(item).toMatchObject({
      direction: 'inbound',
      outcome: 'answered',
      remote: {
        number: '602 111 222',
        display: '+420 602 111 222',
        dial: '+420602111222',
        pbxName: 'Jana Nováková',
      },
      startedAt: T0,
      answeredAt: T0 + 10_000,
      endedAt: T0 + 40_000,
      durationSeconds: 40,
      seen: true,
    });
    expect(emitted.filter((event) => event.channel === 'call:ended')).toEqual([
      { channel: 'call:ended', payload: { uniqueid: '1773129600.1', call: item } },
    ]);
    expect(ended).toEqual(['1773129600.1']);
  });

  it('marks a call that rang and was not answered as missed and unseen, one that never rang as abandoned', () => {
    const target = recorder();
    play(target, '1773129600.1', ['ringing']);
    play(target, '1773129600.2', ['queued']);
    play(target, '1773129600.3', ['dialing'], 'outbound');
    expect(store.get('1773129600.1')).toMatchObject({ outcome: 'missed', seen: false });
    expect(store.get('1773129600.2')).toMatchObject({ outcome: 'abandoned', seen: true });
    expect(store.get('1773129600.3')).toMatchObject({ outcome: 'unanswered' });
    const last = emitted.filter((event) => event.channel === 'history:changed').at(-1);
    expect(last?.payload).toMatchObject({ missedUnseen: 1 });
  });

  it('settles calls a previous run left ongoing on its first snapshot, without opening a wrap-up for them', () => {
    const ringing = observed('1773129600.1', 'ringing');
    const connected = observed('1773129600.2', 'connected');
    recorder().record(
      {
        pollId: 1,
        calls: [ringing, connected],
        events: [
          { type: 'inbound-ringing', call: ringing, previous: undefined },
          { type: 'connected', call: connected, previous: undefined },
        ],
      },
      true,
    );
    expect(store.ongoing()).toEqual(['1773129600.1', '1773129600.2']);

    emitted = [];
    // The app restarts; call 2 is still going, call 1 ended meanwhile.
    recorder().record({ pollId: 1, calls: [observed('1773129600.2', 'connected')], events: [] }, true);
    expect(store.get('1773129600.1')).toMatchObject({ outcome: 'missed', endedAt: null });
    expect(store.ongoing()).toEqual(['1773129600.2']);
    expect(ended).toEqual(['1773129600.1']); // its review is fetched
    expect(emitted.map((event) => event.channel)).not.toContain('call:ended');
  });

  it('corrects the outcome from the PBX record', () => {
    const target = recorder();
    play(target, '1773129600.1', ['queued']);
    expect(store.get('1773129600.1')?.outcome).toBe('abandoned');
    const record = { connected: null, ring_time: 4 } as unknown as CallRecordV1;
    target.refineFromRecord('1773129600.1', record);
    expect(store.get('1773129600.1')).toMatchObject({ outcome: 'missed', seen: false });
    emitted.length = 0;
    target.refineFromRecord('1773129600.1', record); // nothing new: nothing announced
    expect(emitted).toEqual([]);
  });
});
