import { describe, expect, it } from 'vitest';
import { describeCallState } from '../../../src-main/api/schemas';
import { CAUSES, createLiveCall, type LiveCall } from '../../../src-main/demo-pbx/calls/liveCall';
import {
  CallTransitionError,
  applyEvent,
  canApply,
  type CallEvent,
} from '../../../src-main/demo-pbx/calls/stateMachine';

function newCall(direction: LiveCall['direction']): LiveCall {
  const phone = {
    identifier: 'SEP1',
    extension: '1001',
    partition: 1,
    extensionId: 1,
    groupId: 1,
    user: null,
  };
  return createLiveCall({
    seq: 1,
    createdMs: 0,
    direction,
    phone,
    remote: { kind: 'external', number: '+420777123456', numberNorm: '+420777123456', name: '', phone: null },
    dialled: '1001',
    dialledOriginal: '1001',
    queue: null,
    queueEntry: null,
    language: 'en_US',
    metadata: {},
  });
}

/** Runs events at the given seconds and returns the call. */
function run(direction: LiveCall['direction'], steps: [number, CallEvent][]): LiveCall {
  const call = newCall(direction);
  for (const [second, event] of steps) applyEvent(call, event, second * 1000);
  return call;
}

const name = (call: LiveCall) => describeCallState(call.state).name;

describe('call state machine', () => {
  it('takes an inbound call through queued, ringing, connected, held and back to ended', () => {
    const call = run('inbound', [
      [0, { type: 'enqueue' }],
      [5, { type: 'ring' }],
      [8, { type: 'answer' }],
      [20, { type: 'hold' }],
      [50, { type: 'resume' }],
      [60, { type: 'hold' }],
      [70, { type: 'hangup', by: 'remote' }],
    ]);
    expect(name(call)).toBe('ended');
    expect(describeCallState(call.previousState).name).toBe('held');
    expect(call).toMatchObject({ queueEnteredMs: 0, ringingMs: 5000, connectedMs: 8000, endedMs: 70_000 });
    expect(call.holdMs).toBe(40_000);
    expect(call.cause).toBe(CAUSES.normalClearing);
    expect(call.abandoned).toBe(false);
  });

  it('takes a click-to-dial through ringing (the agent leg), dialing and connected', () => {
    const call = newCall('outbound');
    applyEvent(call, { type: 'originate' }, 0);
    expect(name(call)).toBe('ringing');
    expect(canApply(call, 'answer')).toBe(false); // the agent leg is picked up, not "answered"
    applyEvent(call, { type: 'pickup' }, 1000);
    expect(name(call)).toBe('dialing');
    applyEvent(call, { type: 'remote-answer' }, 4000);
    expect(name(call)).toBe('connected');
    expect(call.ringingMs).toBe(1000);
  });

  it('refuses events impossible in the current state with a message naming state and event', () => {
    const call = newCall('inbound');
    applyEvent(call, { type: 'ring' }, 0);
    expect(() => applyEvent(call, { type: 'hold' }, 1)).toThrow(CallTransitionError);
    expect(() => applyEvent(call, { type: 'resume' }, 1)).toThrow(
      'is ringing (inbound); "resume" is not possible now',
    );
    expect(() => applyEvent(call, { type: 'pickup' }, 1)).toThrow(CallTransitionError);
    applyEvent(call, { type: 'hangup', by: 'agent' }, 2);
    expect(() => applyEvent(call, { type: 'hangup', by: 'agent' }, 3)).toThrow(CallTransitionError);
  });

  it('gives the cause and abandonment of calls that were never answered', () => {
    const timedOut = run('inbound', [
      [0, { type: 'ring' }],
      [30, { type: 'hangup', by: 'timeout' }],
    ]);
    expect(timedOut).toMatchObject({ cause: CAUSES.noAnswer, abandoned: true });
    const declined = run('inbound', [
      [0, { type: 'ring' }],
      [3, { type: 'hangup', by: 'agent' }],
    ]);
    expect(declined).toMatchObject({ cause: CAUSES.rejected, abandoned: false });
    const gaveUp = run('inbound', [
      [0, { type: 'ring' }],
      [3, { type: 'hangup', by: 'remote' }],
    ]);
    expect(gaveUp).toMatchObject({ cause: CAUSES.normalUnspecified, abandoned: true });
    const unanswered = run('outbound', [
      [0, { type: 'originate' }],
      [1, { type: 'pickup' }],
      [31, { type: 'hangup', by: 'timeout' }],
    ]);
    expect(unanswered).toMatchObject({ cause: CAUSES.noAnswer, abandoned: false });
  });
});
