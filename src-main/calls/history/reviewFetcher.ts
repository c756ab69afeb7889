/**
 * Fetches the review of a call from the PBX and keeps it in the cache: the agent's permissions, the
 * version-1 record with path, queues and resolved tags, and (once) the version-2 detail. While the PBX is
 * still transcribing (status 1 or 2) the record is fetched again with backoff until it is done (3) or was
 * never requested (0), giving up `giveUpAfterMs` after the first attempt. Schedules live in SQLite, so a
 * restart resumes them. Permissions are asked first; every part they deny is cut from the record
 * (permittedRecord.ts) before it is stored, indexed or shown. What can be left out of the request is: with the
 * call's info denied, neither path, queue passage, tags nor the version-2 detail are asked for, and with every
 * part denied (or no agent to ask for) the record is not fetched at all.
 */
import { TRANSCRIPTION_STATUS, type CallPermissions, type CallRecordV1 } from '../../api/schemas';
import type { CallsApi, CallPermissionsApi } from '../../api/endpoints/calls';
import {
  isNotFound,
  newReview,
  type CacheDatabase,
  type HistoryTextIndex,
  type ReviewRecordStore,
  type StoredReview,
} from '../../cache';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { AppError, errorMessage } from '../../shared/contract';
import { backoffMs, isTransient, type BackoffPolicy } from './historyRetry';
import { permittedRecord } from './permittedRecord';
import { storedFailure, storedNotice, wordNotice } from './storedNotice';
import { systemTimers, type Timers } from '../timers';

export type ReviewClient = Pick<CallsApi, 'callDetail' | 'callDetailV2'> & {
  permissions: Pick<CallPermissionsApi, 'byUsername'>;
};

export interface ReviewPolicy extends BackoffPolicy {
  /** Give up this long after the first attempt while the transcription is not done. */
  giveUpAfterMs: number;
  /** 404s in a row before "the PBX has no record of this call" (it may write it a moment after the end). */
  notFoundAttempts: number;
  requestTimeoutMs: number;
}

export const DEFAULT_REVIEW_POLICY: ReviewPolicy = {
  firstDelayMs: 5_000,
  maxDelayMs: 60_000,
  jitter: 0.1,
  giveUpAfterMs: 30 * 60_000,
  notFoundAttempts: 3,
  requestTimeoutMs: 15_000,
};

export interface ReviewFetcherDeps {
  database: CacheDatabase;
  reviews: ReviewRecordStore;
  text: HistoryTextIndex;
  client(): ReviewClient | undefined;
  /** The agent's PBX user name; undefined or empty when not configured. */
  agent(): string | undefined;
  /** A record was stored (the history corrects the call's outcome from it). */
  onRecord?(uniqueid: string, record: CallRecordV1): void;
  /** The stored review changed (`review:updated`). */
  onUpdated(uniqueid: string): void;
  clock: Clock;
  logger: Logger;
  timers?: Timers;
  random?: () => number;
  policy?: Partial<ReviewPolicy>;
}

/** Stored, and worded when the review is read (storedNotice.ts). */
const NO_AGENT = storedNotice('timeline.reviewNoAgent');

/** Thrown by `fetchNow` when the PBX has no record of the call. */
export class NoSuchCall extends AppError {
  readonly code = 'not-found';
}

export class ReviewFetcher {
  private readonly policy: ReviewPolicy;
  private readonly timers: Timers;
  private readonly scheduled = new Map<string, unknown>();
  private readonly inFlight = new Map<string, Promise<StoredReview>>();
  private stopped = false;
  /** Counts "Clear local data"s: a fetch started before one writes nothing. */
  private generation = 0;

  constructor(private readonly deps: ReviewFetcherDeps) {
    this.policy = { ...DEFAULT_REVIEW_POLICY, ...deps.policy };
    this.timers = deps.timers ?? systemTimers;
  }

  /** Starts fetching a call's review unless one is stored, scheduled or on its way; `restart` starts over. */
  request(uniqueid: string, restart = false): void {
    // A fetch on its way is as fresh as a restart would be.
    if (this.inFlight.has(uniqueid)) return;
    const stored = this.deps.reviews.get(uniqueid);
    if (!restart && stored && (stored.state === 'done' || stored.state === 'failed')) return;
    if (!restart && this.scheduled.has(uniqueid)) return;
    this.begin(uniqueid, stored, restart);
    this.schedule(uniqueid, 0);
  }

  /** One attempt now (shared with one on its way); resolves to what is stored after it. */
  fetchNow(uniqueid: string): Promise<StoredReview> {
    if (this.inFlight.has(uniqueid)) return this.attempt(uniqueid);
    const stored = this.deps.reviews.get(uniqueid);
    if (!stored || stored.state === 'failed') this.begin(uniqueid, stored, true);
    this.cancel(uniqueid);
    return this.attempt(uniqueid);
  }

  /** Picks up every fetch that was scheduled or cut short (at start, and when a PBX client appears). */
  resume(): void {
    const now = this.deps.clock.now();
    for (const uniqueid of this.deps.reviews.unfinished()) {
      if (this.inFlight.has(uniqueid) || this.scheduled.has(uniqueid)) continue;
      const next = this.deps.reviews.get(uniqueid)?.nextAttemptAt ?? now;
      this.schedule(uniqueid, Math.max(0, next - now));
    }
  }

  /** Drops a review and its schedule (a pasted id the PBX does not know). */
  forget(uniqueid: string): void {
    this.cancel(uniqueid);
    this.deps.reviews.remove(uniqueid);
  }

  stop(): void {
    this.stopped = true;
    this.cancelScheduled();
  }

  /**
   * The local data was cleared: nothing scheduled runs, and a fetch on its way writes nothing when its
   * answer comes (it would put a review, transcript included, back into the emptied file).
   */
  forgetInFlight(): void {
    this.generation++;
    this.cancelScheduled();
  }

  private cancelScheduled(): void {
    for (const uniqueid of [...this.scheduled.keys()]) this.cancel(uniqueid);
  }

  private begin(uniqueid: string, stored: StoredReview | undefined, restart: boolean): void {
    const now = this.deps.clock.now();
    this.deps.reviews.save({
      ...newReview(uniqueid, now),
      ...stored,
      state: 'fetching',
      attempts: restart ? 0 : (stored?.attempts ?? 0),
      notFound: 0,
      message: null,
      firstAttemptAt: restart || !stored ? now : stored.firstAttemptAt,
      nextAttemptAt: now,
    });
  }

  private schedule(uniqueid: string, delayMs: number): void {
    if (this.stopped) return;
    this.cancel(uniqueid);
    const handle = this.timers.setTimeout(() => {
      this.scheduled.delete(uniqueid);
      this.attempt(uniqueid).catch((error: unknown) =>
        this.deps.logger.debug(`review ${uniqueid}: ${errorMessage(error)}`),
      );
    }, delayMs);
    this.scheduled.set(uniqueid, handle);
  }

  private cancel(uniqueid: string): void {
    const handle = this.scheduled.get(uniqueid);
    if (handle !== undefined) this.timers.clearTimeout(handle);
    this.scheduled.delete(uniqueid);
  }

  private attempt(uniqueid: string): Promise<StoredReview> {
    const running = this.inFlight.get(uniqueid);
    if (running) return running;
    const promise = this.run(uniqueid).finally(() => this.inFlight.delete(uniqueid));
    this.inFlight.set(uniqueid, promise);
    return promise;
  }

  private async run(uniqueid: string): Promise<StoredReview> {
    const before = this.deps.reviews.get(uniqueid);
    if (!before) throw new Error(`no review of ${uniqueid} to fetch`);
    const client = this.deps.client();
    if (!client) {
      // Nothing to count: resume() runs again when a PBX client appears.
      return this.store({
        ...before,
        message: storedNotice('timeline.reviewNotConnected'),
      });
    }
    const agent = this.deps.agent() || undefined;
    const generation = this.generation;
    const review: StoredReview = { ...before, attempts: before.attempts + 1 };
    const options = { timeoutMs: this.policy.requestTimeoutMs };
    try {
      // Permissions first: what they deny is cut from the record before it is stored, indexed or shown.
      const permissions = agent ? await this.permissionsFor(client, uniqueid, agent) : null;
      review.permissions = permissions;
      review.permissionsAgent = agent ?? null;
      // Nothing of the record is the agent's to see: it is not fetched at all.
      if (!permitsAnyPart(permissions)) {
        return this.discarded(generation) ? review : this.withoutRecord(review, agent);
      }
      // Path, queue passage and tags are the call's info: not asked for when info is denied.
      const info = permissions.info;
      const record = permittedRecord(
        await client.callDetail(uniqueid, { path: info, queue: info, resolveTags: info }, options),
        permissions,
      );
      review.record = record;
      review.transcriptionStatus = record.transcription_status;
      review.fetchedAt = this.deps.clock.now();
      review.notFound = 0;
      if (!info) {
        review.v2 = null;
        review.v2State = 'unknown';
      } else if (review.v2State === 'unknown' || review.v2State === 'failed')
        await this.fetchV2(client, review);
      // After stop() (the app quitting) nothing is written; the schedule in SQLite resumes next time.
      return this.discarded(generation) ? review : this.afterRecord(review, record, agent);
    } catch (error) {
      return this.discarded(generation) ? review : this.afterFailure(review, error);
    }
  }

  /** The answer to a fetch of `generation` is not written: the app is stopping, or the data was cleared. */
  private discarded(generation: number): boolean {
    return this.stopped || generation !== this.generation;
  }

  /** An agent the PBX does not know may see nothing. */
  private async permissionsFor(
    client: ReviewClient,
    uniqueid: string,
    agent: string,
  ): Promise<CallPermissions> {
    try {
      return await client.permissions.byUsername(uniqueid, agent, {
        timeoutMs: this.policy.requestTimeoutMs,
      });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      // A 404 names no culprit: the call or the agent may be unknown. The bare record answers which (its
      // own 404 is the call's, and is thrown); nothing of it is kept, since the agent may see none of it.
      await client.callDetail(
        uniqueid,
        { path: false, queue: false, resolveTags: false },
        { timeoutMs: this.policy.requestTimeoutMs },
      );
      return {
        info: false,
        playback: false,
        download: false,
        transcription: false,
        summary: false,
        sentiment: false,
        rating: false,
        metadata: false,
      };
    }
  }

  private async fetchV2(client: ReviewClient, review: StoredReview): Promise<void> {
    try {
      review.v2 = await client.callDetailV2(
        review.uniqueid,
        { path: true },
        { timeoutMs: this.policy.requestTimeoutMs },
      );
      review.v2State = 'shown';
    } catch (error) {
      review.v2State = isNotFound(error) ? 'not-offered' : 'failed';
      if (!isNotFound(error))
        this.deps.logger.debug(`review ${review.uniqueid}: v2 detail failed: ${errorMessage(error)}`);
    }
  }

  /** Done without a record: the agent may see none of it (or no agent is configured to ask for). */
  private withoutRecord(review: StoredReview, agent: string | undefined): StoredReview {
    Object.assign(review, {
      record: null,
      v2: null,
      v2State: 'unknown',
      transcriptionStatus: null,
      fetchedAt: this.deps.clock.now(),
      notFound: 0,
      state: 'done',
      nextAttemptAt: null,
      message: agent ? null : NO_AGENT,
    } satisfies Partial<StoredReview>);
    this.deps.database.write(() => {
      this.deps.text.replace(review.uniqueid, 'transcript', []);
      this.deps.text.replace(review.uniqueid, 'summary', []);
      this.store(review);
    });
    return review;
  }

  private afterRecord(review: StoredReview, record: CallRecordV1, agent: string | undefined): StoredReview {
    const status = record.transcription_status;
    const transcribing = status === TRANSCRIPTION_STATUS.requested || status === TRANSCRIPTION_STATUS.pending;
    const now = this.deps.clock.now();
    if (!transcribing) {
      review.state = 'done';
      review.nextAttemptAt = null;
      review.message = agent ? null : NO_AGENT;
    } else if (now - review.firstAttemptAt >= this.policy.giveUpAfterMs) {
      review.state = 'failed';
      review.nextAttemptAt = null;
      review.message = giveUpNotice(this.policy.giveUpAfterMs);
    } else {
      review.state = 'transcribing';
      review.message = agent ? null : NO_AGENT;
      review.nextAttemptAt = now + this.delay(review.attempts);
    }
    this.deps.database.write(() => {
      this.index(review, record);
      this.store(review);
    });
    this.deps.onRecord?.(review.uniqueid, record);
    if (review.nextAttemptAt !== null) this.schedule(review.uniqueid, review.nextAttemptAt - now);
    return review;
  }

  private afterFailure(review: StoredReview, error: unknown): StoredReview {
    const now = this.deps.clock.now();
    const notFound = isNotFound(error);
    if (notFound) review.notFound += 1;
    const retry = notFound
      ? review.notFound < this.policy.notFoundAttempts
      : isTransient(error) && now - review.firstAttemptAt < this.policy.giveUpAfterMs;
    review.message = notFound
      ? storedNotice('timeline.reviewNoRecord', { uniqueid: review.uniqueid })
      : storedFailure(error);
    if (retry) {
      // A record already stored stays shown; the state says a newer one is still to come.
      review.state = review.record ? 'transcribing' : 'fetching';
      review.nextAttemptAt = now + this.delay(review.attempts);
      this.schedule(review.uniqueid, review.nextAttemptAt - now);
    } else {
      review.state = review.record && !notFound ? 'done' : 'failed';
      review.nextAttemptAt = null;
    }
    this.deps.logger.debug(
      `review ${review.uniqueid}: attempt ${review.attempts} failed: ${errorMessage(error)}`,
    );
    this.store(review);
    if (notFound && !retry) throw new NoSuchCall(wordNotice(review.message));
    return review;
  }

  private delay(attempts: number): number {
    return backoffMs(this.policy, attempts, this.deps.random);
  }

  /** Indexes the transcript and summary for search, as far as the agent may see them. */
  private index(review: StoredReview, record: CallRecordV1): void {
    const may = review.permissions;
    const done = record.transcription_status === TRANSCRIPTION_STATUS.done;
    const transcript =
      done && may?.transcription
        ? record.transcription.flatMap((channel, channelIndex) =>
            channel.map((segment, index) => ({
              channel: channelIndex,
              segment: index,
              begin: segment.begin,
              text: segment.text,
            })),
          )
        : [];
    const summary =
      done && may?.summary ? [{ channel: null, segment: null, begin: null, text: record.summary }] : [];
    this.deps.text.replace(review.uniqueid, 'transcript', transcript);
    this.deps.text.replace(review.uniqueid, 'summary', summary);
  }

  private store(review: StoredReview): StoredReview {
    this.deps.reviews.save(review);
    this.deps.onUpdated(review.uniqueid);
    return review;
  }
}

/** Whether the permissions let the agent see any part of the call's record (none: nothing is fetched). */
function permitsAnyPart(permissions: CallPermissions | null): permissions is CallPermissions {
  if (!permissions) return false;
  const { info, transcription, summary, sentiment, rating, metadata } = permissions;
  return info || transcription || summary || sentiment || rating || metadata;
}

/** "after 30 minutes" (or seconds, for a cap under a minute), as a plural the catalogue words per language. */
function giveUpNotice(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes >= 1
    ? storedNotice('timeline.reviewTranscriptionTimeoutMinutes', { minutes })
    : storedNotice('timeline.reviewTranscriptionTimeoutSeconds', { seconds: Math.round(ms / 1000) });
}
