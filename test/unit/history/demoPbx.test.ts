/**
 * History, review, wrap-up and search end to end through the real AppCore: real HTTP to a demo PBX with a
 * manual clock (calls and transcriptions move only when this test moves them), the demo PBX's real SQLite
 * cache file.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import { openCache } from '../../../src-main/cache';
import { startDemoPbx, type DemoPbx } from '../../../src-main/demo-pbx';
import type { CallReview, IpcError } from '../../../src-main/shared/contract';
import { FAST_HEALTH, FAST_HISTORY_POLICIES, NO_RETRIES, outage } from '../app/pbx';
import { TestClient } from '../../conformance/helpers';
import { testAppCore } from '../../support/testAppCore';
import { spyLogger } from '../calls/fixtures';
import { AgentPhone } from '../support/agentPhone';
import { EventLog } from '../support/eventLog';

const TRANSCRIBE_AFTER_SECONDS = 60;
const DEMO_AGENT_USER_ID = 3;
const TRAINEE_ROLE_ID = 4;
const AGENT_ROLE_ID = 2;

let pbx: DemoPbx;
let sim: TestClient;
let cacheDir: string;
let core: AppCore;
const events = new EventLog();

const wait = <T>(check: () => T | Promise<T>, timeout = 8000) => vi.waitFor(check, { timeout, interval: 25 });

async function startCore(): Promise<AppCore> {
  const logger = spyLogger();
  const started = testAppCore({
    logger,
    // The PBX outlives each AppCore: a restart of the app must not stop it.
    demoPbx: { start: async () => ({ ...pbx, close: async () => {} }) },
    osRegion: 'CZ',
    health: FAST_HEALTH,
    pbxClientOptions: NO_RETRIES,
    openCacheFile: (fileName) => openCache(join(cacheDir, fileName), { logger }),
    historyPolicies: FAST_HISTORY_POLICIES,
  });
  events.clear();
  started.subscribe(events.listener);
  await started.start();
  const { settings } = await started.commands['settings:get']();
  await started.commands['settings:save']({ settings: { ...settings, pollIntervalMs: 250 } });
  return started;
}

const phone = new AgentPhone(() => ({ core, pbx, sim, events }));
const inboundFrom = (number: string, queueId?: number) => phone.ring(number, queueId);
const viewState = (uniqueid: string) => phone.state(uniqueid);
const answeredCall = (number: string) => phone.answeredCall(number);

/** Every file of the cache directory (database, WAL, shared memory), as text. */
function cacheFileBytes(): string {
  return readdirSync(cacheDir)
    .map((name) => readFileSync(join(cacheDir, name)).toString('utf8'))
    .join('\n');
}

function reviewWhen(uniqueid: string, test: (review: CallReview) => boolean): Promise<CallReview> {
  return wait(async () => {
    const review = await core.commands['review:get']({ uniqueid });
    if (!test(review)) throw new Error(`review not there yet: ${JSON.stringify(review.fetch)}`);
    return review;
  });
}

async function ipcError(promise: Promise<unknown>): Promise<IpcError> {
  const error = (await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  )) as IpcError | undefined;
  if (!error) throw new Error('expected the command to fail');
  return { code: error.code, message: error.message };
}

async function pbxMetadata(uniqueid: string): Promise<Record<string, unknown>> {
  return (await sim.get(`/metadata/${uniqueid}`)).body.data as Record<string, unknown>;
}

beforeAll(async () => {
  pbx = await startDemoPbx({
    persons: 20,
    ringEverySeconds: 0,
    transcribeAfterSeconds: TRANSCRIBE_AFTER_SECONDS,
    clock: { mode: 'manual', startMs: Date.UTC(2026, 2, 10, 9, 30) },
  });
  sim = new TestClient(pbx);
  cacheDir = mkdtempSync(join(tmpdir(), 'ringside-history-e2e-'));
  core = await startCore();
});

afterAll(async () => {
  await core?.dispose();
  await pbx?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('after the call, against the demo PBX', { timeout: 20_000 }, () => {
  let reviewed: string;

  it('fetches the review again as the transcription moves 1 → 2 → 3, then finds it by a word of the transcript', async () => {
    reviewed = await answeredCall('+420 602 555 101');
    const ended = events.of('call:ended').find((event) => event.uniqueid === reviewed)!;
    expect(ended.call).toMatchObject({
      direction: 'inbound',
      outcome: 'answered',
      remote: { dial: '+420602555101' },
    });

    const requested = await reviewWhen(reviewed, (review) => review.fetch.transcriptionStatus === 1);
    expect(requested.fetch.state).toBe('transcribing');
    expect(requested.info).toMatchObject({ status: 'shown', value: { recording: true, talkSeconds: 20 } });
    expect(requested.summary).toEqual({ status: 'pending' });
    expect(requested.transcript).toEqual({ status: 'pending' });
    expect(requested.v2).toMatchObject({ status: 'shown', value: { recorded: true } });

    pbx.sim.advance(TRANSCRIBE_AFTER_SECONDS / 2);
    await reviewWhen(reviewed, (review) => review.fetch.transcriptionStatus === 2);
    pbx.sim.advance(TRANSCRIBE_AFTER_SECONDS / 2);
    const done = await reviewWhen(reviewed, (review) => review.fetch.state === 'done');
    expect(done.fetch.transcriptionStatus).toBe(3);
    expect(done.summary).toMatchObject({ status: 'shown', value: expect.any(String) });
    expect(done.sentiment).toMatchObject({ status: 'shown' });
    expect(done.rating).toMatchObject({ status: 'shown', value: { stars: expect.any(Number) } });
    if (done.transcript.status !== 'shown') throw new Error('no transcript');
    const { segments } = done.transcript.value;
    expect(segments.length).toBeGreaterThan(1);
    expect(segments.map((segment) => segment.begin)).toEqual(
      [...segments.map((s) => s.begin)].sort((a, b) => a - b),
    );
    expect((await core.commands['history:list']({ filter: 'all' })).items[0]).toMatchObject({
      uniqueid: reviewed,
      review: 'done',
    });

    // A word of a later segment: the hit names that segment, so the review opens there.
    const target = segments.at(-2)!;
    const word = target.text.split(/[^\p{L}]+/u).find((token) => token.length >= 5)!;
    const { hits } = await core.commands['history:search']({ query: word });
    const hit = hits.find((found) => found.uniqueid === reviewed && found.source === 'transcript');
    expect(hit).toBeDefined();
    const opened = segments.find(
      (segment) => segment.channel === hit!.segment!.channel && segment.index === hit!.segment!.index,
    );
    expect(opened?.text.toLowerCase()).toContain(word.toLowerCase());
    expect(hit!.snippet.some((part) => part.match)).toBe(true);
    expect(hit!.call).toMatchObject({ uniqueid: reviewed });
  });

  it('hides the transcript and summary from an agent whose role lacks them, and keeps them out of search', async () => {
    await core.pbx.client!.users.update(DEMO_AGENT_USER_ID, { role_id: TRAINEE_ROLE_ID });
    try {
      const uniqueid = await answeredCall('+420 602 555 202');
      pbx.sim.advance(TRANSCRIBE_AFTER_SECONDS + 1);
      const review = await reviewWhen(uniqueid, (found) => found.fetch.state === 'done');
      expect(review.permissions).toMatchObject({
        transcription: false,
        summary: false,
        sentiment: true,
        info: true,
      });
      expect(review.transcript).toEqual({ status: 'not-permitted' });
      expect(review.summary).toEqual({ status: 'not-permitted' });
      expect(review.sentiment).toMatchObject({ status: 'shown' });
      expect(review.info).toMatchObject({ status: 'shown' });

      // What the PBX holds never reaches the renderer's model, nor search.
      const record = await core.pbx.client!.callDetail(uniqueid);
      expect(record.summary.length).toBeGreaterThan(0);
      const serialised = JSON.stringify(review);
      expect(serialised).not.toContain(record.summary);
      const segmentText = record.transcription.flat().find((segment) => segment.text.length > 20)!.text;
      expect(serialised).not.toContain(segmentText);
      const word = segmentText.split(/[^\p{L}]+/u).find((token) => token.length >= 5)!;
      const { hits } = await core.commands['history:search']({ query: word });
      expect(hits.filter((hit) => hit.uniqueid === uniqueid)).toEqual([]);

      // As someone with the disk would look: the cache files (database and WAL) hold none of the denied
      // texts, while the permitted parts (the rating's justification) are there.
      const onDisk = cacheFileBytes();
      expect(record.rating_justification.length).toBeGreaterThan(0);
      expect(onDisk).toContain(record.rating_justification);
      expect(onDisk).not.toContain(record.summary);
      expect(onDisk).not.toContain(segmentText);
    } finally {
      await core.pbx.client!.users.update(DEMO_AGENT_USER_ID, { role_id: AGENT_ROLE_ID });
    }
  });

  it('writes metadata through the wrap-up: set, overwrite and delete by null, end to end', async () => {
    const wrapUp = await core.commands['wrapup:get']({ uniqueid: reviewed });
    expect(wrapUp.dispositionsSource).toBe('pbx');
    expect(wrapUp.dispositions.map((item) => item.code)).toContain('callback');
    expect(wrapUp.metadata).toMatchObject({ status: 'shown', value: { stale: false } });

    const written = (uniqueid: string) =>
      events.waitFor('wrapup:changed', (event) => event.uniqueid === uniqueid && event.pending === null);

    events.clear();
    const first = await core.commands['wrapup:save']({
      uniqueid: reviewed,
      disposition: 'resolved',
      note: 'Asked about invoice 2024-117',
      followUp: true,
      metadata: { crm_ticket: 'T-1', priority: 2 },
    });
    expect(first.saved).toMatchObject({ disposition: 'resolved', writtenAt: null });
    // The review shows what was just saved, at once and without a Refresh, the disposition by its label.
    await events.waitFor('review:updated', (event) => event.uniqueid === reviewed);
    const resolved = wrapUp.dispositions.find((item) => item.code === 'resolved')!;
    expect((await core.commands['review:get']({ uniqueid: reviewed })).metadata).toMatchObject({
      status: 'shown',
      value: {
        values: { 'ringside.disposition': 'resolved', 'ringside.follow_up': true, crm_ticket: 'T-1' },
        dispositionLabel: resolved.label,
      },
    });
    await written(reviewed);
    expect(await pbxMetadata(reviewed)).toMatchObject({
      crm_ticket: 'T-1',
      priority: 2,
      'ringside.disposition': 'resolved',
      'ringside.note': 'Asked about invoice 2024-117',
      'ringside.follow_up': true,
    });

    events.clear();
    await core.commands['wrapup:save']({
      uniqueid: reviewed,
      disposition: 'callback',
      note: '',
      followUp: false,
      metadata: { crm_ticket: 'T-2', priority: null },
    });
    await written(reviewed);
    const after = await pbxMetadata(reviewed);
    expect(after).toMatchObject({ crm_ticket: 'T-2', 'ringside.disposition': 'callback' });
    expect(after).not.toHaveProperty('priority');
    expect(after).not.toHaveProperty('ringside.note');
    expect(after).not.toHaveProperty('ringside.follow_up');

    const shown = await core.commands['wrapup:get']({ uniqueid: reviewed });
    expect(shown.metadata).toEqual({ status: 'shown', value: { values: after, stale: false } });
    expect(shown.saved).toMatchObject({ disposition: 'callback', note: '', writtenAt: expect.any(Number) });
    expect(await core.commands['wrapup:pending']()).toEqual([]);

    expect(
      await ipcError(
        core.commands['wrapup:save']({
          uniqueid: reviewed,
          disposition: 'no-such-code',
          note: '',
          followUp: false,
        }),
      ),
    ).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('callback') });
  });

  it('keeps a wrap-up saved while the PBX is down, across a restart, and writes it when the PBX returns', async () => {
    await outage(pbx, 3600);
    events.clear();
    const saved = await core.commands['wrapup:save']({
      uniqueid: reviewed,
      disposition: 'escalated',
      note: 'Saved during the outage',
      followUp: true,
    });
    expect(saved.pending).toMatchObject({ state: 'queued' });
    await events.waitFor('wrapup:changed', (event) => event.pending?.state === 'retrying');

    await core.dispose(); // the app quits (or crashes) with the save still pending
    core = await startCore();
    const pending = await core.commands['wrapup:pending']();
    expect(pending).toEqual([
      expect.objectContaining({
        uniqueid: reviewed,
        changes: expect.objectContaining({ 'ringside.note': 'Saved during the outage' }),
      }),
    ]);

    await outage(pbx, 0);
    await wait(async () => expect(await core.commands['wrapup:pending']()).toEqual([]));
    expect(await pbxMetadata(reviewed)).toMatchObject({
      'ringside.disposition': 'escalated',
      'ringside.note': 'Saved during the outage',
      'ringside.follow_up': true,
    });
    // The note is searchable locally too, after the restart.
    const { hits } = await core.commands['history:search']({ query: 'outage saved' });
    expect(hits).toEqual([expect.objectContaining({ uniqueid: reviewed, source: 'note', segment: null })]);
  });

  it('records missed and abandoned calls, counts the badge, and shows earlier calls on the next pop', async () => {
    const number = '+420 602 555 303';
    const missed = await inboundFrom(number);
    await wait(() => expect(viewState(missed)).toBe('ringing'));
    await sim.post(`/_sim/calls/${missed}/hangup`);
    const ended = await events.waitFor('call:ended', (event) => event.uniqueid === missed);
    expect(ended.call).toMatchObject({ outcome: 'missed', seen: false });

    const abandoned = await inboundFrom('+420 602 555 404', 2);
    await wait(() => expect(viewState(abandoned)).toBe('queued'));
    await sim.post(`/_sim/calls/${abandoned}/hangup`);
    const gaveUp = await events.waitFor('call:ended', (event) => event.uniqueid === abandoned);
    expect(gaveUp.call.outcome).toBe('abandoned');

    const page = await core.commands['history:list']({ filter: 'missed' });
    expect(page.items.map((item) => item.uniqueid)).toEqual([missed]);
    expect(page.missedUnseen).toBe(1);
    expect(await core.commands['history:markSeen']({})).toEqual({ missedUnseen: 0 });

    const again = await inboundFrom(number);
    const pop = await events.waitFor('screenpop:show', (shown) => shown.uniqueid === again);
    expect(pop.recentCalls).toEqual([expect.objectContaining({ uniqueid: missed, answered: false })]);
    await sim.post(`/_sim/calls/${again}/hangup`);
    await events.waitFor('call:ended', (event) => event.uniqueid === again);

    const byNumber = await core.commands['history:list']({ filter: 'inbound', query: '555 303' });
    expect(byNumber.items.map((item) => item.uniqueid)).toEqual([again, missed]);
  });

  it('opens a pasted call id, and says clearly what is wrong with one that is not', async () => {
    const opened = await core.commands['review:open']({ uniqueid: `  ${reviewed}\n` });
    expect(opened).toMatchObject({ uniqueid: reviewed, fetch: { state: 'done' } });
    expect(await ipcError(core.commands['review:open']({ uniqueid: 'call 42' }))).toMatchObject({
      code: 'invalid-argument',
      message: expect.stringContaining('1700000000.42'),
    });
    expect(await ipcError(core.commands['review:open']({ uniqueid: '1700000000.999999' }))).toMatchObject({
      code: 'not-found',
      message: expect.stringContaining('1700000000.999999'),
    });
  });
});

/**
 * Missed-call alerts: a call that rang the agent's phone and ended unanswered raises `call:missed` once; a
 * queue call a colleague took while it rang the agent's phone raises none, though the agent's phone only saw
 * it end unanswered (the PBX's record says who answered).
 */
describe('missed-call alerts, against the demo PBX', { timeout: 20_000 }, () => {
  /** The demo agent's inbound queue; it rings a phone after 2–8 s of waiting, and rings for 30 s. */
  const SUPPORT_QUEUE = 2;
  const PAST_QUEUE_WAIT_SECONDS = 10;

  async function ringingQueueCall(number: string): Promise<string> {
    const uniqueid = await inboundFrom(number, SUPPORT_QUEUE);
    await wait(() => expect(viewState(uniqueid)).toBe('queued'));
    pbx.sim.advance(PAST_QUEUE_WAIT_SECONDS);
    await wait(() => expect(viewState(uniqueid)).toBe('ringing'));
    return uniqueid;
  }

  it('alerts once of a queue call that rang the agent and ended unanswered', async () => {
    const missed = await ringingQueueCall('+420 602 555 701');
    await sim.post(`/_sim/calls/${missed}/hangup`);
    const alert = await events.waitFor('call:missed', (call) => call.uniqueid === missed);
    expect(alert).toMatchObject({
      direction: 'inbound',
      outcome: 'missed',
      remote: { dial: '+420602555701' },
    });
    // Later polls and the record's arrival change nothing: still one alert.
    pbx.sim.advance(30);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(events.of('call:missed').filter((call) => call.uniqueid === missed)).toHaveLength(1);
  });

  it('raises none for a queue call a colleague took while it rang the agent', async () => {
    const taken = await ringingQueueCall('+420 602 555 702');
    expect((await sim.post(`/_sim/calls/${taken}/taken`)).body.success).toBe(true);
    const ended = await events.waitFor('call:ended', (event) => event.uniqueid === taken);
    // The agent's phone only saw it stop ringing, but the PBX says someone answered it.
    expect(ended.call.outcome).toBe('missed');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(events.of('call:missed').map((call) => call.uniqueid)).not.toContain(taken);
  });
});
