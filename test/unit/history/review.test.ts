/**
 * The review fetcher against a scripted PBX client and a real SQLite cache: retries while transcribing,
 * the give-up cap, failures on the way, the v2 detail, resuming after a restart, and hostile text kept
 * verbatim through storage, the review model and search.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, NotFound } from '../../../src-main/api/errors';
import type { CallPermissions, CallRecordV1 } from '../../../src-main/api/schemas';
import {
  HistoryTextIndex,
  openHistoryFile,
  ReviewRecordStore,
  type CacheDatabase,
} from '../../../src-main/cache';
import {
  ReviewFetcher,
  type ReviewClient,
  type ReviewPolicy,
} from '../../../src-main/calls/history/reviewFetcher';
import { eraseLocalData } from '../../../src-main/cache/database/eraseLocalData';
import { buildReview, cssColour } from '../../../src-main/calls/history/buildReview';
import { wordNotice } from '../../../src-main/calls/history/storedNotice';
import { spyLogger } from '../calls/fixtures';
import { AGENT_PERMISSIONS } from '../../fixtures/permissions';
import { displayNumber } from '../../../src-main/calls/callerLookup';

/** Numbers as an agent in Czechia sees them. */
const czechNumbers = (raw: string) => displayNumber(raw, 'CZ');

const UNIQUEID = '1773129600.7';
const AGENT = 'agent';
const POLICY: Partial<ReviewPolicy> = { firstDelayMs: 5, maxDelayMs: 20, jitter: 0, giveUpAfterMs: 60_000 };
const ALL: CallPermissions = { ...AGENT_PERMISSIONS };

function record(status: number, overrides: Partial<CallRecordV1> = {}): CallRecordV1 {
  const done = status === 3;
  return {
    uniqueid: UNIQUEID,
    price: 0,
    duration: 60,
    src_number: '+420602111222',
    src_name: 'Jana Nováková',
    dst_number: '101',
    dst_name: 'Agent',
    src_internal: false,
    dst_internal: true,
    calldate: '2026-03-10 09:30:00',
    connected: '2026-03-10 09:30:05',
    disconnected: '2026-03-10 09:31:00',
    src_extension_id: null,
    dst_extension_id: 1,
    src_user_id: null,
    dst_user_id: 3,
    trunk_id: 1,
    src_type: 'trunk',
    dst_type: 'phone',
    xfer_users: null,
    metadata: { crm: 'A-1' },
    src_group_id: 1,
    dst_group_id: 1,
    pilot_number: '101',
    ring_time: 5,
    talk_time: 55,
    hold_time: 0,
    cause: 16,
    recording: true,
    recording_duration: 55,
    path: [{ date: '2026-03-10 09:30:00', type: 1, number: '+420602111222', name: '' }],
    queues: [],
    transcription_status: status,
    summary: done ? 'The customer asked about an invoice.' : '',
    sentiment: done ? [{ positive: 0.5, negative: 0.1, neutral: 0.4, summary: 0.3, score: 4 }] : [],
    rating: done ? 4 : null,
    rating_justification: done ? 'Polite and quick.' : '',
    transcription: done
      ? [
          [{ begin: 0, end: 2, text: 'Hello, about my invoice.', sentiment: { score: 3 } }],
          [{ begin: 2.5, end: 4, text: 'Let me check the invoice.', sentiment: { score: 4 } }],
        ]
      : [],
    tags: [{ id: 1, name: 'Billing', color: 'ff0000' }],
    ...overrides,
  };
}

let database: CacheDatabase;
let reviews: ReviewRecordStore;
let text: HistoryTextIndex;
let now: number;
let fetchers: ReviewFetcher[];

/** A client answering callDetail from `answers` in turn (the last one repeats). */
function scriptedClient(answers: (CallRecordV1 | Error)[], permissions: CallPermissions | Error = ALL) {
  let index = 0;
  return {
    callDetail: vi.fn(async () => {
      const answer = answers[Math.min(index++, answers.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    }),
    callDetailV2: vi.fn(async () => {
      throw new NotFound({ method: 'GET', path: `/call/${UNIQUEID}` });
    }),
    permissions: {
      byUsername: vi.fn(async () => {
        if (permissions instanceof Error) throw permissions;
        return permissions;
      }),
    },
  } satisfies ReviewClient;
}

function fetcher(client: ReviewClient | undefined, agent: string | undefined = AGENT): ReviewFetcher {
  const created = new ReviewFetcher({
    database,
    reviews,
    text,
    client: () => client,
    agent: () => agent,
    onUpdated: () => {},
    clock: { now: () => now },
    logger: spyLogger(),
    policy: POLICY,
  });
  fetchers.push(created);
  return created;
}

const stateOf = () => reviews.get(UNIQUEID);
const settled = () =>
  vi.waitFor(
    () => {
      const state = stateOf()?.state;
      if (state !== 'done' && state !== 'failed') throw new Error(`still ${state}`);
      return stateOf()!;
    },
    { timeout: 3000, interval: 5 },
  );

beforeEach(() => {
  now = Date.UTC(2026, 2, 10, 9, 31);
  database = openHistoryFile(':memory:', { logger: spyLogger() });
  reviews = new ReviewRecordStore(database);
  text = new HistoryTextIndex(database);
  fetchers = [];
});

afterEach(() => {
  for (const each of fetchers) each.stop();
  database.close();
});

describe('review fetcher', () => {
  it('fetches again while the PBX transcribes, through a network failure, until status 3', async () => {
    const network = new NetworkError('reset', 'pbx.example', { method: 'GET', path: `/call/${UNIQUEID}` });
    const client = scriptedClient([record(1), network, record(2), record(3)]);
    fetcher(client).request(UNIQUEID);
    const stored = await settled();
    expect(stored).toMatchObject({
      state: 'done',
      transcriptionStatus: 3,
      attempts: 4,
      message: null,
      v2State: 'not-offered',
    });
    expect(client.callDetail).toHaveBeenCalledWith(
      UNIQUEID,
      { path: true, queue: true, resolveTags: true },
      expect.anything(),
    );
    expect(client.callDetailV2).toHaveBeenCalledTimes(1); // a 404 means "not offered": not asked again

    const review = buildReview(UNIQUEID, stored, null, AGENT, czechNumbers);
    expect(review.v2).toEqual({ status: 'unavailable', reason: expect.stringContaining('version-2') });
    expect(review.tags).toEqual({ status: 'shown', value: [{ id: 1, name: 'Billing', color: '#ff0000' }] });
    expect(review.info).toMatchObject({
      status: 'shown',
      // The record's numbers as every number is shown, not the PBX's raw `+420602111222`.
      value: {
        cause: { code: 16, label: 'Normal call clearing' },
        source: { number: '+420 602 111 222' },
        destination: { number: '101' },
      },
    });
    expect(review.path).toMatchObject({ status: 'shown', value: [{ number: '+420 602 111 222' }] });
    expect(review.transcript).toMatchObject({
      status: 'shown',
      value: {
        channels: 2,
        segments: [
          { channel: 0, index: 0, score: 3 },
          { channel: 1, index: 0, score: 4 },
        ],
      },
    });
    expect(
      text
        .search('invoice', { limit: 10, agent: AGENT })
        .map((hit) => hit.source)
        .sort(),
    ).toEqual(['summary', 'transcript', 'transcript']);
  });

  it('gives up when the transcription is not done within the cap, and says so', async () => {
    const client = scriptedClient([record(1)]);
    const target = fetcher(client);
    target.request(UNIQUEID);
    await vi.waitFor(() => expect(client.callDetail).toHaveBeenCalledTimes(2), {
      timeout: 3000,
      interval: 5,
    });
    now += 60_000; // the cap has passed
    const stored = await settled();
    expect(stored.state).toBe('failed');
    // Stored as a message key; the review words it when read.
    expect(buildReview(UNIQUEID, stored, null, AGENT, czechNumbers).fetch.message).toMatch(
      /had not finished transcribing after 1 minute;/,
    );
    const calls = client.callDetail.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(client.callDetail).toHaveBeenCalledTimes(calls);
    // The record that did arrive stays, with the AI parts pending.
    expect(buildReview(UNIQUEID, stored, null, AGENT, czechNumbers).summary).toEqual({ status: 'pending' });
  });

  it('ends at once for a call whose transcription was not requested', async () => {
    const client = scriptedClient([record(0, { recording: false })]);
    fetcher(client).request(UNIQUEID);
    const stored = await settled();
    expect(stored).toMatchObject({ state: 'done', attempts: 1 });
    expect(buildReview(UNIQUEID, stored, null, AGENT, czechNumbers).transcript).toEqual({
      status: 'unavailable',
      reason: 'The call was not recorded.',
    });
  });

  it('gives up on a call the PBX has no record of after a few tries', async () => {
    const client = scriptedClient([new NotFound({ method: 'GET', path: `/call/${UNIQUEID}` })]);
    fetcher(client).request(UNIQUEID);
    const stored = await settled();
    expect(stored).toMatchObject({ state: 'failed', notFound: 3 });
    expect(wordNotice(stored.message)).toBe(`The PBX has no record of call ${UNIQUEID}.`);
  });

  it('hides everything when the agent is unknown to the PBX or not configured', async () => {
    const unknown = scriptedClient([record(3)], new NotFound({ method: 'GET', path: '/permissions' }));
    fetcher(unknown).request(UNIQUEID);
    const stored = await settled();
    const review = buildReview(UNIQUEID, stored, null, AGENT, czechNumbers);
    for (const part of [review.info, review.transcript, review.summary, review.metadata, review.v2]) {
      expect(part).toEqual({ status: 'not-permitted' });
    }
    expect(text.search('invoice', { limit: 10, agent: AGENT })).toEqual([]);

    reviews.remove(UNIQUEID);
    fetcher(scriptedClient([record(3)]), '').request(UNIQUEID);
    const withoutAgent = await settled();
    expect(wordNotice(withoutAgent.message)).toMatch(/user name is not set in Settings/);
    expect(buildReview(UNIQUEID, withoutAgent, null, undefined, czechNumbers).summary).toEqual({
      status: 'not-permitted',
    });
  });

  it('fetches no record at all when every part is denied, and says each part is not permitted', async () => {
    const denied: CallPermissions = {
      ...ALL,
      info: false,
      transcription: false,
      summary: false,
      sentiment: false,
      rating: false,
      metadata: false,
    };
    const client = scriptedClient([record(3)], denied);
    fetcher(client).request(UNIQUEID);
    const stored = await settled();
    expect(client.permissions.byUsername).toHaveBeenCalled();
    expect(client.callDetail).not.toHaveBeenCalled();
    expect(client.callDetailV2).not.toHaveBeenCalled();
    expect(stored).toMatchObject({ state: 'done', record: null });
    const review = buildReview(UNIQUEID, stored, null, AGENT, czechNumbers);
    for (const part of [review.info, review.transcript, review.summary, review.metadata, review.v2]) {
      expect(part).toEqual({ status: 'not-permitted' });
    }
  });

  it('asks for no path, queues or tags and no v2 detail without info, and stores only what is allowed', async () => {
    const client = scriptedClient([record(3)], { ...ALL, info: false, summary: false, sentiment: false });
    fetcher(client).request(UNIQUEID);
    const stored = await settled();
    expect(client.callDetail).toHaveBeenCalledWith(
      UNIQUEID,
      { path: false, queue: false, resolveTags: false },
      expect.anything(),
    );
    expect(client.callDetailV2).not.toHaveBeenCalled();
    expect(stored.record).toMatchObject({ summary: '', sentiment: [], src_number: '', path: [], tags: [] });
    const saved = JSON.stringify(reviews.get(UNIQUEID));
    for (const text of ['+420602111222', 'Billing']) expect(saved).not.toContain(text);
    expect(saved).toContain('invoice');

    reviews.remove(UNIQUEID);
    fetcher(scriptedClient([record(3)], { ...ALL, summary: false })).request(UNIQUEID);
    const partly = await settled();
    expect(partly.record).toMatchObject({ summary: '', rating_justification: 'Polite and quick.' });
    expect(partly.record?.transcription.flat().map((segment) => segment.text)).toContain(
      'Hello, about my invoice.',
    );
  });

  it('writes nothing of a fetch on its way when the local data is cleared', async () => {
    let answer!: (record: CallRecordV1) => void;
    const pbx = scriptedClient([record(3)]);
    pbx.callDetail.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const fetching = fetcher(pbx);
    const fetched = fetching.fetchNow(UNIQUEID);
    await vi.waitFor(() => expect(pbx.callDetail).toHaveBeenCalled(), { timeout: 3000, interval: 5 });

    fetching.forgetInFlight();
    eraseLocalData(database.db);
    answer(record(3));
    await fetched;

    expect(stateOf()).toBeUndefined();
    expect(text.search('invoice', { limit: 10, agent: AGENT })).toEqual([]);
  });

  it('resumes a scheduled fetch after a restart', async () => {
    const first = scriptedClient([record(1)]);
    const before = fetcher(first);
    before.request(UNIQUEID);
    await vi.waitFor(() => expect(stateOf()?.state).toBe('transcribing'), { timeout: 3000, interval: 5 });
    before.stop();

    const after = scriptedClient([record(3)]);
    fetcher(after).resume();
    expect((await settled()).state).toBe('done');
    expect(after.callDetail).toHaveBeenCalled();
  });

  it('keeps hostile text verbatim in the cache, the review and search snippets', async () => {
    const hostile = '<img src=x onerror="alert(1)"> </script><script>alert(2)</script> &amp; \u202e';
    const client = scriptedClient([
      record(3, {
        summary: hostile,
        src_name: hostile,
        transcription: [[{ begin: 0, end: 1, text: `invoice ${hostile}`, sentiment: { score: 1 } }]],
        tags: [{ id: 2, name: hostile, color: 'red;background:url(javascript:alert(1))' }],
      }),
    ]);
    fetcher(client).request(UNIQUEID);
    const review = buildReview(UNIQUEID, await settled(), null, AGENT, czechNumbers);
    expect(review.summary).toEqual({ status: 'shown', value: hostile });
    expect(review.info).toMatchObject({ value: { source: { name: hostile } } });
    expect(review.transcript).toMatchObject({ value: { segments: [{ text: `invoice ${hostile}` }] } });
    // A colour goes into a style attribute: only #rrggbb passes.
    expect(review.tags).toEqual({ status: 'shown', value: [{ id: 2, name: hostile, color: null }] });
    const [hit] = text
      .search('onerror', { limit: 10, agent: AGENT })
      .filter((found) => found.source === 'transcript');
    expect(hit!.snippet.map((part) => part.text).join('')).toBe(`invoice ${hostile}`);
  });

  it('accepts only #rrggbb colours', () => {
    expect(cssColour('22C55E')).toBe('#22c55e');
    expect(cssColour('#3b82f6')).toBe('#3b82f6');
    for (const bad of ['red', '#fff', 'expression(alert(1))', 42, null, '#12345g'])
      expect(cssColour(bad)).toBeNull();
  });
});
