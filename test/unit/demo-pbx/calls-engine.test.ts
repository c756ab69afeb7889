import { describe, expect, it } from 'vitest';
import {
  ActiveCall,
  CALL_STATE_CODES,
  CallRecordV1,
  CallRecordV2,
  QueuePassage,
  describeCallState,
} from '../../../src-main/api/schemas';
import { CallError } from '../../../src-main/demo-pbx/calls/errors';
import type { CallEngine } from '../../../src-main/demo-pbx/calls/engine';
import { PHONES, START_MS, agentPhone, engineSetup } from './callsFixture';

const ALL = { path: true, queue: true, resolveTags: true };

function stateOf(engine: CallEngine, uniqueid: string, phone: object = agentPhone): string | undefined {
  const call = engine.listCalls(phone as never).find((c) => c.uniqueid === uniqueid);
  return call && describeCallState(call.state).name;
}

function onlyCall(engine: CallEngine, phone: object = agentPhone) {
  const calls = engine.listCalls(phone as never);
  expect(calls).toHaveLength(1);
  return calls[0]!;
}

function refusal(action: () => unknown): CallError {
  try {
    action();
  } catch (error) {
    if (error instanceof CallError) return error;
    throw error;
  }
  throw new Error('expected a CallError');
}

describe('click-to-dial', () => {
  it('rings the agent phone, dials after its auto-answer, connects, and hangs up on DELETE', () => {
    const { engine, clock } = engineSetup();
    const message = engine.placeCall({ ...agentPhone, to: '+420 777 123 456', data: { ticket: 'T-1' } });
    expect(message).toContain('+420 777 123 456');

    const ringing = onlyCall(engine);
    expect(ActiveCall.parse(ringing)).toBeTruthy();
    expect(describeCallState(ringing.state).name).toBe('ringing');
    expect(ringing).toMatchObject({
      caller_number: '1001',
      caller_ringing: true,
      caller_internal: true,
      caller_user_id: 10,
      called_number: '+420777123456',
      called_number_norm: '+420777123456',
      called_number_original: '+420 777 123 456',
      called_name: 'Petr Svoboda',
      autoanswer: true,
      data: { ticket: 'T-1' },
    });

    clock.advance(1);
    expect(describeCallState(onlyCall(engine).state).name).toBe('dialing');
    clock.advance(3);
    const connected = onlyCall(engine);
    expect(describeCallState(connected.state).name).toBe('connected');
    expect(connected).toMatchObject({ connected_number: '+420777123456', connected_internal: false });

    clock.advance(65);
    expect(engine.hangUp(agentPhone)).toContain(connected.uniqueid);
    expect(engine.listCalls(agentPhone)).toEqual([]);

    const record = CallRecordV1.parse(engine.recordV1(connected.uniqueid, ALL));
    expect(record).toMatchObject({
      src_number: '1001',
      src_internal: true,
      src_user_id: 10,
      src_type: 'phone',
      dst_number: '+420777123456',
      dst_name: 'Petr Svoboda',
      dst_internal: false,
      dst_type: 'trunk',
      trunk_id: 1,
      pilot_number: '+420777123456',
      talk_time: 65,
      ring_time: 3,
      duration: 69,
      cause: 16,
      recording: true,
      recording_duration: 65,
      metadata: { ticket: 'T-1' },
    });
    expect(record.price).toBeCloseTo(0.08); // two started minutes
  });

  it('lets the remote party hang up on its own after the talk time', () => {
    const { engine, clock } = engineSetup({ talkSeconds: [40, 40] });
    engine.placeCall({ ...agentPhone, to: '777123456' });
    const { uniqueid } = onlyCall(engine);
    clock.advance(1 + 3 + 40);
    expect(engine.listCalls(agentPhone)).toEqual([]);
    expect(engine.recordV1(uniqueid, ALL)).toMatchObject({ talk_time: 40, cause: 16 });
  });

  it('calls another extension as an internal call, not recorded, visible on both phones', () => {
    const { engine, clock } = engineSetup();
    engine.placeCall({ ...agentPhone, to: '1002' });
    const call = onlyCall(engine);
    expect(call).toMatchObject({
      called_number: '1002',
      called_name: 'Petr Dvořák',
      called_number_outside: null,
    });
    expect(onlyCall(engine, { identifier: PHONES.trainee.identifier }).uniqueid).toBe(call.uniqueid);
    clock.advance(4);
    engine.hangUp({ identifier: PHONES.trainee.identifier });
    const record = engine.recordV1(call.uniqueid, ALL);
    expect(record).toMatchObject({
      dst_internal: true,
      dst_user_id: 11,
      trunk_id: null,
      price: 0,
      recording: false,
    });
    expect(record.transcription_status).toBe(0);
  });

  it('refuses a second call while one is in progress, an undialable number and calling itself', () => {
    const { engine } = engineSetup();
    expect(refusal(() => engine.placeCall({ ...agentPhone, to: 'call me maybe' }))).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('to must be a phone number'),
    });
    expect(refusal(() => engine.placeCall({ ...agentPhone, to: '1001' })).kind).toBe('business');
    engine.placeCall({ ...agentPhone, to: '+420777123456' });
    engine.controlCall(agentPhone, 'answer'); // the agent picks up their own leg: dialling
    const busy = refusal(() => engine.placeCall({ ...agentPhone, to: '+420777000111' }));
    expect(busy).toMatchObject({ kind: 'business', message: expect.stringContaining('busy') });
  });
});

describe('inbound calls', () => {
  it('ring the phone until answered; hold time is accounted and excluded from talk time', () => {
    const { engine, clock } = engineSetup();
    const uniqueid = engine.startInboundCall({ to: agentPhone, from: '+420 777 123 456' });
    expect(uniqueid).toBe(`${Math.floor(START_MS / 1000)}.1`);
    const ringing = onlyCall(engine);
    expect(ringing).toMatchObject({
      caller_number: '+420777123456',
      caller_name: 'Petr Svoboda',
      caller_internal: false,
      caller_type: 'trunk',
      called_number: '1001',
      called_lines: ['SEP0001'],
      previous_state: CALL_STATE_CODES.idle,
    });
    expect(describeCallState(ringing.state).name).toBe('ringing');

    clock.advance(4);
    expect(engine.controlCall(agentPhone, 'answer')).toContain(uniqueid);
    clock.advance(20);
    engine.controlCall(agentPhone, 'held');
    expect(stateOf(engine, uniqueid)).toBe('held');
    clock.advance(10);
    engine.controlCall(agentPhone, 'resumed');
    clock.advance(5);
    engine.controlCall(agentPhone, 'held');
    clock.advance(5);
    const live = onlyCall(engine);
    expect(live.hold_time).toBe(15);
    expect(live.talk_time).toBe(25);
    engine.hangUp(agentPhone); // hanging up while held ends the hold too

    const record = engine.recordV1(uniqueid, ALL);
    expect(record).toMatchObject({
      ring_time: 4,
      talk_time: 25,
      hold_time: 15,
      duration: 44,
      recording_duration: 40,
    });
    expect(record.path!.map((entry) => entry.type)).toEqual([1, 3, 4, 5, 6, 5, 7]);
  });

  it('are abandoned when nobody answers within the ring time-out', () => {
    const { engine, clock } = engineSetup();
    const uniqueid = engine.startInboundCall({ to: agentPhone, from: '+420777123456' });
    clock.advance(29);
    expect(stateOf(engine, uniqueid)).toBe('ringing');
    clock.advance(1);
    expect(engine.listCalls(agentPhone)).toEqual([]);
    const v1 = engine.recordV1(uniqueid, ALL);
    expect(v1).toMatchObject({ connected: null, talk_time: 0, ring_time: 30, cause: 19, recording: false });
    expect(v1.transcription_status).toBe(0);
    const v2 = CallRecordV2.parse(engine.recordV2(uniqueid, { path: true }));
    expect(v2.abandoned).toBe((START_MS + 30_000) / 1000);
    expect(describeCallState(v2.state).name).toBe('ended');
    expect(describeCallState(v2.previous_state).name).toBe('ringing');
  });

  it('are abandoned when the caller hangs up first', () => {
    const { engine, clock } = engineSetup();
    const uniqueid = engine.startInboundCall({ to: agentPhone, from: '+420777123456' });
    clock.advance(7);
    engine.remoteHangUp(uniqueid);
    expect(engine.recordV2(uniqueid, { path: false }).abandoned).not.toBeNull();
    expect(engine.recordV1(uniqueid, ALL)).toMatchObject({ ring_time: 7, cause: 31 });
  });

  it('wait in a queue, then ring, and leave a queue passage with every field', () => {
    const { engine, clock, queueActivity } = engineSetup();
    const uniqueid = engine.startInboundCall({ to: agentPhone, from: '00421 905 111 222', queueId: 1 });
    const queued = onlyCall(engine);
    expect(describeCallState(queued.state).name).toBe('queued');
    expect(queued).toMatchObject({
      queue_id: 1,
      queue_type: 1,
      queue_enter: START_MS / 1000,
      called_number: '500',
    });
    expect(refusal(() => engine.controlCall(agentPhone, 'answer')).kind).toBe('business');

    clock.advance(4);
    expect(stateOf(engine, uniqueid)).toBe('ringing');
    clock.advance(3);
    engine.controlCall(agentPhone, 'answer');
    clock.advance(50);
    engine.remoteHangUp(uniqueid);

    expect(queueActivity.events).toEqual([
      `entered 1 ${uniqueid}`,
      `ringing ${uniqueid} 10`,
      `answered ${uniqueid} 10`,
      `left ${uniqueid} ended`,
    ]);
    const record = engine.recordV1(uniqueid, ALL);
    expect(record.queues).toHaveLength(1);
    const passage = QueuePassage.strict().parse(record.queues![0]);
    expect(passage).toMatchObject({
      uniqueid,
      queue_id: 1,
      queue_name: 'Support',
      queue_group_id: 2,
      queue_group_name: 'Support',
      agent_id: 10,
      agent_name: 'Jana Nováková',
      agent_group_name: 'Support',
      team_name: 'Day shift',
      wait_time: 7,
      ring_time: 3,
      talk_time: 50,
      service_level: 1,
      threshold: 20,
      abandoned: false,
    });
    expect(record).toMatchObject({ src_number: '+421905111222', dst_number: '1001', pilot_number: '500' });
  });

  it('counts a caller leaving the queue before it rings as abandoned', () => {
    const { engine, clock, queueActivity } = engineSetup();
    const uniqueid = engine.startInboundCall({ to: agentPhone, from: '+420777123456', queueId: 1 });
    clock.advance(2);
    engine.remoteHangUp(uniqueid);
    expect(queueActivity.events.at(-1)).toBe(`left ${uniqueid} abandoned`);
    const record = engine.recordV1(uniqueid, ALL);
    expect(record).toMatchObject({ dst_type: 'queue', dst_number: '500', dst_name: 'Support' });
    expect(record.queues![0]).toMatchObject({
      abandoned: true,
      agent_id: null,
      wait_time: 2,
      service_level: 0,
    });
  });

  it('refuses unknown, non-inbound and inactive queues and unusable caller numbers', () => {
    const { engine } = engineSetup();
    expect(refusal(() => engine.startInboundCall({ to: agentPhone, queueId: 99 })).kind).toBe('not-found');
    expect(refusal(() => engine.startInboundCall({ to: agentPhone, queueId: 2 })).kind).toBe('invalid');
    expect(refusal(() => engine.startInboundCall({ to: agentPhone, queueId: 3 })).kind).toBe('business');
    expect(refusal(() => engine.startInboundCall({ to: agentPhone, from: 'anonymous' })).kind).toBe(
      'invalid',
    );
    expect(refusal(() => engine.startInboundCall({ to: { identifier: 'nope' } })).kind).toBe('not-found');
  });

  it('answering a second call puts the first on hold; resuming swaps them back', () => {
    const { engine, clock } = engineSetup();
    const first = engine.startInboundCall({ to: agentPhone, from: '+420777123456' });
    engine.controlCall(agentPhone, 'answer');
    clock.advance(10);
    const second = engine.startInboundCall({ to: agentPhone, from: '+421905111222' });
    engine.controlCall(agentPhone, 'answer');
    expect(stateOf(engine, first)).toBe('held');
    expect(stateOf(engine, second)).toBe('connected');
    clock.advance(10);
    engine.controlCall(agentPhone, 'resumed');
    expect(stateOf(engine, first)).toBe('connected');
    expect(stateOf(engine, second)).toBe('held');
  });
});

describe('call control refusals', () => {
  it('are business errors naming what is missing, and 404s for unknown phones', () => {
    const { engine } = engineSetup();
    expect(refusal(() => engine.controlCall(agentPhone, 'answer'))).toMatchObject({
      kind: 'business',
      message: expect.stringContaining('nothing is ringing'),
    });
    expect(refusal(() => engine.controlCall(agentPhone, 'held')).message).toContain(
      'no connected call to hold',
    );
    expect(refusal(() => engine.controlCall(agentPhone, 'resumed')).message).toContain(
      'no held call to resume',
    );
    expect(refusal(() => engine.hangUp(agentPhone))).toMatchObject({ kind: 'business' });
    expect(refusal(() => engine.controlCall(agentPhone, 'answered'))).toMatchObject({
      kind: 'business',
      message: expect.stringContaining('answer, held, resumed'),
    });
    expect(refusal(() => engine.listCalls({ extension: '1003' }))).toMatchObject({
      kind: 'not-found',
      message: 'no phone with extension 1003 in partition 1',
    });
    expect(engine.listCalls({ extension: '1003', partition: 2 })).toEqual([]);
  });

  it('the remote party of an inbound call cannot "answer" it, and an ended call cannot be hung up again', () => {
    const { engine } = engineSetup();
    const uniqueid = engine.startInboundCall({ to: agentPhone, from: '+420777123456' });
    expect(refusal(() => engine.remoteAnswer(uniqueid)).kind).toBe('business');
    engine.remoteHangUp(uniqueid);
    expect(refusal(() => engine.remoteHangUp(uniqueid))).toMatchObject({ kind: 'business' });
    expect(refusal(() => engine.remoteHangUp('1.999'))).toMatchObject({ kind: 'not-found' });
  });

  it('the remote party of a click-to-dial can answer at once', () => {
    const { engine } = engineSetup();
    engine.placeCall({ ...agentPhone, to: '+420777123456' });
    const { uniqueid } = onlyCall(engine);
    engine.remoteAnswer(uniqueid);
    expect(stateOf(engine, uniqueid)).toBe('connected');
  });
});

describe('automatic inbound calls', () => {
  it('ring the agent phone every so often, mostly from directory contacts, sometimes through a queue', () => {
    const { engine, clock } = engineSetup({ ringEverySeconds: 10 });
    const calls = [];
    while (calls.length < 60) {
      clock.advance(1);
      const [call] = engine.listCalls(agentPhone);
      if (!call) continue;
      calls.push(call);
      engine.remoteHangUp(call.uniqueid);
    }
    const known = calls.filter((call) => ['+420777123456', '+421905111222'].includes(call.caller_number!));
    expect(known.length).toBeGreaterThan(40);
    expect(known.every((call) => call.caller_name !== '')).toBe(true);
    expect(known.length).toBeLessThan(60); // a stranger now and then
    expect(calls.some((call) => call.queue_id === 1)).toBe(true);
    expect(calls.some((call) => call.queue_id === null)).toBe(true);
    expect(calls.every((call) => call.queue_id !== 3)).toBe(true); // inactive queues get no calls
  });

  it('are off with ringEverySeconds 0, and stop with the engine', () => {
    const off = engineSetup({ ringEverySeconds: 0 });
    off.clock.advance(3600);
    expect(off.engine.listCalls(agentPhone)).toEqual([]);

    const stopped = engineSetup({ ringEverySeconds: 10 });
    stopped.engine.stop();
    stopped.clock.advance(3600);
    expect(stopped.engine.listCalls(agentPhone)).toEqual([]);
  });
});

describe('seeded history', () => {
  it('holds the requested number of valid ended calls, the same for the same seed', () => {
    const history = (seed: number) => {
      const { engine } = engineSetup({ historyCalls: 25 }, seed);
      return engine.endedCallIds().map((id) => engine.recordV1(id, ALL));
    };
    const first = history(5);
    expect(first.map((record) => CallRecordV1.parse(record))).toHaveLength(25);
    expect(history(5)).toEqual(first);
    expect(history(6)).not.toEqual(first);
    expect(first.every((record) => record.uniqueid.endsWith(`.${first.indexOf(record) + 1}`))).toBe(true);
    expect(first.every((record) => [0, 3].includes(record.transcription_status))).toBe(true);
    expect(first.some((record) => record.transcription.length > 0)).toBe(true);
    expect(first.some((record) => record.connected === null)).toBe(true);
  });
});
