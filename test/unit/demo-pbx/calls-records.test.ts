import { describe, expect, it } from 'vitest';
import {
  CallPermissions,
  CallRecordV1,
  CallRecordV2,
  type CallRecordV1 as RecordV1,
} from '../../../src-main/api/schemas';
import { CallError } from '../../../src-main/demo-pbx/calls/errors';
import { PHONES, TAGS, USERS, agentPhone, engineSetup } from './callsFixture';

const DEFAULTS = { path: true, queue: false, resolveTags: false };

/** An inbound call through the Support queue, answered by the agent, talked 90 s and hung up by the caller. */
function answeredQueueCall(options: Parameters<typeof engineSetup>[0] = {}, seed = 1) {
  const setup = engineSetup(options, seed);
  const { engine, clock } = setup;
  const uniqueid = engine.startInboundCall({ to: agentPhone, from: '+420 777 123 456', queueId: 1 });
  clock.advance(4 + 2);
  engine.controlCall(agentPhone, 'answer');
  clock.advance(90);
  engine.remoteHangUp(uniqueid);
  return { ...setup, uniqueid };
}

describe('transcription', () => {
  it('goes 1 → 2 → 3 over transcribeAfterSeconds, with the AI results empty until done', () => {
    const { engine, clock, uniqueid } = answeredQueueCall({ transcribeAfterSeconds: 10 });
    const read = () => CallRecordV1.parse(engine.recordV1(uniqueid, DEFAULTS));

    const requested = read();
    expect(requested.transcription_status).toBe(1);
    expect(requested).toMatchObject({ transcription: [], summary: '', sentiment: [], rating: null });
    expect(requested.rating_justification).toBe('');
    clock.advance(5);
    expect(read().transcription_status).toBe(2);
    expect(read().transcription).toEqual([]);
    clock.advance(5);
    const done = read();
    expect(done.transcription_status).toBe(3);
    expect(done.transcription).toHaveLength(2);
    expect(done.summary.length).toBeGreaterThan(40);
    expect(done.rating).toBeGreaterThanOrEqual(1);
    expect(done.rating_justification.length).toBeGreaterThan(20);
    expect(done.sentiment).toHaveLength(2);
  });

  it('is immediate with transcribeAfterSeconds 0', () => {
    const { engine, uniqueid } = answeredQueueCall({ transcribeAfterSeconds: 0 });
    expect(engine.recordV1(uniqueid, DEFAULTS).transcription_status).toBe(3);
  });

  it('lays the conversation over the talk time: caller on channel 0, agent on channel 1, each segment scored', () => {
    const { engine, clock, uniqueid } = answeredQueueCall();
    clock.advance(10);
    const { transcription, summary } = engine.recordV1(uniqueid, DEFAULTS);
    const [caller, agent] = transcription as [RecordV1['transcription'][0], RecordV1['transcription'][0]];
    const all = [...caller, ...agent].sort((a, b) => a.begin - b.begin);
    expect(all.length).toBeGreaterThanOrEqual(6);
    for (const segment of all) {
      expect(segment.end).toBeGreaterThan(segment.begin);
      expect(segment.end).toBeLessThanOrEqual(90);
      expect(segment.sentiment.score).toBeGreaterThanOrEqual(1);
      expect(segment.sentiment.score).toBeLessThanOrEqual(5);
      expect(segment.text).not.toMatch(/[{}]/);
    }
    for (let i = 1; i < all.length; i++) expect(all[i]!.begin).toBeGreaterThanOrEqual(all[i - 1]!.end);
    // The agent greets first and says who they are; the caller (a known contact) introduces themselves.
    expect(all[0]).toBe(agent[0]);
    expect(agent[0]!.text).toMatch(/Jana/);
    expect(caller.map((s) => s.text).join(' ')).toMatch(/Petr Svoboda/);
    expect(summary).not.toMatch(/[{}]/);
  });

  it('speaks Czech or English, the same for the same seed, and differs between seeds', () => {
    const summaries = (seed: number) => {
      const { engine, clock, uniqueid } = answeredQueueCall({ transcribeAfterSeconds: 0 }, seed);
      clock.advance(1);
      return engine.recordV1(uniqueid, DEFAULTS).summary;
    };
    const bySeed = [1, 2, 3, 4, 5, 6, 7, 8].map(summaries);
    expect(summaries(3)).toBe(bySeed[2]);
    expect(new Set(bySeed).size).toBeGreaterThan(2);
    expect(bySeed.some((text) => /[áčďéěíňóřšťúůýž]/i.test(text))).toBe(true);
  });
});

describe('version-1 record options', () => {
  it('includes path by default, omits it with path=0, adds queues with queue=1 and tag names with resolve_tags=1', () => {
    const { engine, uniqueid } = answeredQueueCall({ transcribeAfterSeconds: 0 });
    const plain = engine.recordV1(uniqueid, { path: true, queue: false, resolveTags: false });
    expect(plain.path!.length).toBeGreaterThan(3);
    expect(plain).not.toHaveProperty('queues');
    expect(engine.recordV1(uniqueid, { path: false, queue: false, resolveTags: false })).not.toHaveProperty(
      'path',
    );
    const full = engine.recordV1(uniqueid, { path: true, queue: true, resolveTags: true });
    expect(full.queues).toHaveLength(1);
    expect(full.tags.length).toBeGreaterThan(0);
    for (const tag of plain.tags) expect(Object.keys(tag)).toEqual(['id']);
    for (const tag of full.tags) expect(tag).toEqual(TAGS.find((known) => known.id === tag.id));
  });

  it('writes dates as local YYYY-MM-DD HH:MM:SS and every documented field', () => {
    const { engine, uniqueid } = answeredQueueCall();
    const record = engine.recordV1(uniqueid, { path: true, queue: true, resolveTags: true });
    CallRecordV1.strict().parse(record);
    for (const field of [record.calldate, record.connected, record.disconnected, record.path![0]!.date]) {
      expect(field).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
  });

  it('is not written for a call still in progress; unknown calls are not found', () => {
    const { engine } = engineSetup();
    const uniqueid = engine.startInboundCall({ to: agentPhone, from: '+420777123456' });
    expect(() => engine.recordV1(uniqueid, DEFAULTS)).toThrow(/still in progress/);
    expect(() => engine.recordV1('1700000000.99', DEFAULTS)).toThrow(CallError);
  });
});

describe('version-2 record', () => {
  it('carries every field and all three party blocks, for ongoing and ended calls', () => {
    const { engine, uniqueid } = answeredQueueCall();
    const record = CallRecordV2.strict().parse(engine.recordV2(uniqueid, { path: true }));
    expect(record).toMatchObject({
      uniqueid,
      recorded: true,
      queue_id: 1,
      caller_number: '+420777123456',
      caller_number_norm: '+420777123456',
      caller_type: 'trunk',
      called_number: '500',
      called_name: 'Support',
      connected_number: '1001',
      connected_user_id: 10,
      connected_username: 'jana.novakova',
      connected_type: 'phone',
      talk_time: 90,
      wait_time: 6,
    });
    expect(record.path![0]!.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(engine.recordV2(uniqueid, { path: false })).not.toHaveProperty('path');

    const ongoing = engine.startInboundCall({ to: agentPhone, from: '+420777123456' });
    expect(CallRecordV2.strict().parse(engine.recordV2(ongoing, { path: true })).disconnected).toBeNull();
  });
});

describe('permissions', () => {
  it('follow role and group: superuser all, supervisors their subtree, agents their own calls', () => {
    const { engine, uniqueid } = answeredQueueCall();
    const of = (ref: Parameters<typeof engine.permissions>[1]) =>
      CallPermissions.parse(engine.permissions(uniqueid, ref));
    const everything = {
      info: true,
      playback: true,
      download: true,
      transcription: true,
      summary: true,
      sentiment: true,
      rating: true,
      metadata: true,
    };
    const nothing = Object.fromEntries(Object.keys(everything).map((key) => [key, false]));

    expect(of({ id: USERS.admin.id })).toEqual(everything);
    expect(of({ username: USERS.supportLead.username })).toEqual(everything);
    expect(of({ id: USERS.salesLead.id })).toEqual(nothing);
    expect(of({ externalId: 'EXT-10' })).toEqual({ ...everything, download: false });
    expect(of({ id: USERS.salesAgent.id })).toEqual(nothing);
  });

  it('an agent role without transcripts may not read the transcript or the summary of its own calls', () => {
    const { engine, clock } = engineSetup();
    const trainee = { identifier: PHONES.trainee.identifier };
    const uniqueid = engine.startInboundCall({ to: trainee, from: '+420777123456' });
    engine.controlCall(trainee, 'answer');
    clock.advance(30);
    engine.hangUp(trainee);
    expect(engine.permissions(uniqueid, { username: USERS.trainee.username })).toEqual({
      info: true,
      playback: true,
      download: false,
      transcription: false,
      summary: false,
      sentiment: true,
      rating: true,
      metadata: true,
    });
    // Support (group 2) supervises Support L2 (group 4), the trainee's group.
    expect(engine.permissions(uniqueid, { id: USERS.supportLead.id }).transcription).toBe(true);
  });

  it('refuse unknown users and unknown calls as not found', () => {
    const { engine, uniqueid } = answeredQueueCall();
    expect(() => engine.permissions(uniqueid, { username: 'nobody' })).toThrow('unknown user "nobody"');
    expect(() => engine.permissions(uniqueid, { externalId: 'X' })).toThrow('with external_id "X"');
    expect(() => engine.permissions('1.1', { id: 1 })).toThrow('unknown call 1.1');
  });
});

describe('metadata (differential updates)', () => {
  it('is differential: keys set or overwritten, absent keys kept, null deletes; for ongoing and ended calls', () => {
    const { engine, clock } = engineSetup();
    engine.placeCall({ ...agentPhone, to: '+420777123456', data: { crm: 'A-1', note: 'x' } });
    const [call] = engine.listCalls(agentPhone);
    const { uniqueid } = call!;
    expect(engine.metadata(uniqueid)).toEqual({ crm: 'A-1', note: 'x' });
    expect(engine.updateMetadata(uniqueid, { note: 'callback', disposition: { code: 3 } })).toEqual({
      crm: 'A-1',
      note: 'callback',
      disposition: { code: 3 },
    });
    expect(engine.listCalls(agentPhone)[0]!.data).toEqual({
      crm: 'A-1',
      note: 'callback',
      disposition: { code: 3 },
    });

    clock.advance(10);
    engine.hangUp(agentPhone);
    expect(engine.updateMetadata(uniqueid, { crm: null, missing: null })).toEqual({
      note: 'callback',
      disposition: { code: 3 },
    });
    expect(engine.recordV1(uniqueid, DEFAULTS).metadata).toEqual({
      note: 'callback',
      disposition: { code: 3 },
    });
    expect(engine.recordV2(uniqueid, { path: false }).data).toEqual({
      note: 'callback',
      disposition: { code: 3 },
    });
  });

  it('keeps keys such as __proto__ as plain data', () => {
    const { engine } = engineSetup();
    const uniqueid = engine.startInboundCall({ to: agentPhone, from: '+420777123456' });
    const update = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const result = engine.updateMetadata(uniqueid, update);
    expect(Object.keys(result)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('user deletion', () => {
  it("nulls the user's references in call records and keeps the records, names and recordings", () => {
    const { engine, directory, uniqueid } = answeredQueueCall();
    directory.deleteUser(USERS.agent.id);
    engine.forgetUser(USERS.agent.id);

    const v1 = engine.recordV1(uniqueid, { path: true, queue: true, resolveTags: false });
    expect(v1).toMatchObject({
      dst_user_id: null,
      dst_name: 'Jana Nováková',
      dst_extension_id: 101,
      recording: true,
    });
    expect(v1.queues![0]).toMatchObject({ agent_id: null, agent_name: 'Jana Nováková' });
    const v2 = engine.recordV2(uniqueid, { path: false });
    expect(v2).toMatchObject({
      connected_user_id: null,
      connected_username: null,
      connected_name: 'Jana Nováková',
    });
    expect(() => engine.permissions(uniqueid, { id: USERS.agent.id })).toThrow('unknown user');
  });
});
