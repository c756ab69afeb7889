/**
 * "After the call" as AppCore sees it: the history fed by the monitor, call reviews fetched from the PBX,
 * wrap-ups with their outbox, and full-text search, all in the cache database. docs/history-and-review.md.
 */
import { UniqueId } from '../../api/schemas';
import {
  HistoryStore,
  HistoryTextIndex,
  InvalidHistoryCursor,
  ReviewRecordStore,
  WrapUpDraftStore,
  WrapUpStore,
  type CacheDatabase,
} from '../../cache';
import {
  HISTORY_PAGE_DEFAULT,
  SEARCH_LIMIT_DEFAULT,
  type CallReview,
  type HistoryListArgs,
  type HistoryMarkSeenArgs,
  type HistoryPage,
  type HistorySearchArgs,
  type HistorySearchResult,
  type KeptDraft,
  type PendingSave,
  type ReviewGetArgs,
  type ScreenPopRecentCall,
  type WrapUp,
  type WrapUpChanged,
  type WrapUpDraftArgs,
  type WrapUpSaveArgs,
  type WrapUpSaveResult,
} from '../../shared/contract';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { CallerLookup, displayNumber, type CallerDirectory } from '../callerLookup';
import { CallsError } from '../errors';
import { HistoryRecorder } from './historyRecorder';
import type { HistoryEmitter } from './historyEmitter';
import type { MonitorSnapshot } from '../monitor/callMonitor';
import { WrapUpOutbox, type OutboxClient, type OutboxPolicy } from './wrapUpOutbox';
import { NoSuchCall, ReviewFetcher, type ReviewClient, type ReviewPolicy } from './reviewFetcher';
import { buildReview } from './buildReview';
import { t } from '../../shared/i18n';
import type { Timers } from '../timers';
import { WrapUpService, type WrapUpClient } from './wrapUpService';

/** The PBX client as the history uses it (PbxClient satisfies it). */
export type HistoryClient = ReviewClient & OutboxClient & WrapUpClient;

export interface HistoryServiceDeps {
  database: CacheDatabase;
  client(): HistoryClient | undefined;
  /** The agent's PBX user name (permissions are asked for it). */
  agent(): string | undefined;
  /** Whether the PBX answers now. */
  online(): boolean;
  directory(): CallerDirectory | undefined;
  defaultCountry(): string;
  emit: HistoryEmitter;
  clock: Clock;
  logger: Logger;
  timers?: Timers;
  random?: () => number;
  reviewPolicy?: Partial<ReviewPolicy>;
  outboxPolicy?: Partial<OutboxPolicy>;
}

export class HistoryService {
  readonly store: HistoryStore;
  private readonly reviewStore: ReviewRecordStore;
  private readonly text: HistoryTextIndex;
  private readonly wrapUpStore: WrapUpStore;
  private readonly recorder: HistoryRecorder;
  private readonly reviews: ReviewFetcher;
  private readonly wrapUps: WrapUpService;
  /** What the agent typed in wrap-up panels and has not saved (cache/history/wrapUpDraftStore.ts). */
  private readonly drafts: WrapUpDraftStore;
  private readonly outbox: WrapUpOutbox;

  constructor(private readonly deps: HistoryServiceDeps) {
    const { database, clock, logger, emit } = deps;
    this.store = new HistoryStore(database);
    this.reviewStore = new ReviewRecordStore(database);
    this.text = new HistoryTextIndex(database);
    this.wrapUpStore = new WrapUpStore(database);
    this.drafts = new WrapUpDraftStore(database);
    this.recorder = new HistoryRecorder({
      store: this.store,
      lookup: new CallerLookup(deps.directory, deps.defaultCountry),
      defaultCountry: deps.defaultCountry,
      emit,
      onEnded: (uniqueid) => this.reviews.request(uniqueid),
      clock,
      logger,
    });
    this.reviews = new ReviewFetcher({
      database,
      reviews: this.reviewStore,
      text: this.text,
      client: deps.client,
      agent: deps.agent,
      onRecord: (uniqueid, record) => this.recorder.refineFromRecord(uniqueid, record),
      onUpdated: (uniqueid) => {
        emit('review:updated', { uniqueid });
        // The history shows where each review stands.
        if (this.store.get(uniqueid)) this.recorder.announce([uniqueid]);
      },
      clock,
      logger,
      timers: deps.timers,
      random: deps.random,
      policy: deps.reviewPolicy,
    });
    this.wrapUps = new WrapUpService({
      database,
      store: this.wrapUpStore,
      drafts: this.drafts,
      reviews: this.reviewStore,
      text: this.text,
      client: deps.client,
      online: deps.online,
      agent: deps.agent,
      clock,
      logger,
    });
    this.outbox = new WrapUpOutbox({
      store: this.wrapUpStore,
      client: deps.client,
      agent: deps.agent,
      // A wrap-up's change is also the review's: its metadata shows what was saved.
      emit: (channel, payload) => {
        emit(channel, payload);
        if (channel === 'wrapup:changed') {
          emit('review:updated', { uniqueid: (payload as WrapUpChanged).uniqueid });
        }
      },
      onWritten: (uniqueid) => {
        if (this.store.get(uniqueid)) this.recorder.announce([uniqueid]);
      },
      clock,
      logger,
      timers: deps.timers,
      random: deps.random,
      policy: deps.outboxPolicy,
    });
  }

  /** Resumes scheduled review fetches and drains the outbox (at start, on a new client, on reconnect). */
  resume(): void {
    this.reviews.resume();
    void this.outbox.drain();
  }

  /** The local data is being cleared: fetches and sends on their way write nothing back when they end. */
  forgetInFlight(): void {
    this.reviews.forgetInFlight();
    this.outbox.forgetInFlight();
  }

  /** One monitor snapshot (CallsService hands every one over). */
  onSnapshot(snapshot: MonitorSnapshot, firstOfSession: boolean): void {
    this.recorder.record(snapshot, firstOfSession);
  }

  /** The screen-pop's last calls with a number, without the ringing call itself. */
  recentCalls(dial: string, limit: number, excluding?: string): ScreenPopRecentCall[] {
    return this.store.recentWithNumber(dial, limit, excluding);
  }

  list(args: HistoryListArgs): HistoryPage {
    try {
      const page = this.store.list({ ...args, limit: args.limit ?? HISTORY_PAGE_DEFAULT });
      return { ...page, missedUnseen: this.store.missedUnseen() };
    } catch (error) {
      if (error instanceof InvalidHistoryCursor) throw new CallsError('invalid-argument', error.message);
      throw error;
    }
  }

  markSeen(args: HistoryMarkSeenArgs): { missedUnseen: number } {
    this.store.markSeen(args.uniqueids);
    const missedUnseen = this.store.missedUnseen();
    this.deps.emit('history:changed', { uniqueids: args.uniqueids ?? [], missedUnseen });
    return { missedUnseen };
  }

  search(args: HistorySearchArgs): HistorySearchResult {
    const hits = this.text.search(args.query, {
      limit: args.limit ?? SEARCH_LIMIT_DEFAULT,
      agent: this.deps.agent() ?? '',
    });
    return { query: args.query, hits: hits.map((hit) => ({ ...hit, call: this.store.get(hit.uniqueid) })) };
  }

  review({ uniqueid, refresh }: ReviewGetArgs): CallReview {
    const stored = this.reviewStore.get(uniqueid);
    const agent = this.deps.agent() || undefined;
    // Permissions asked for another agent (Settings changed) do not count: fetch them for this one.
    const stale = stored?.record && agent && stored.permissionsAgent !== agent;
    if (refresh || !stored || stale) this.reviews.request(uniqueid, Boolean(refresh || stale));
    return this.reviewModel(uniqueid);
  }

  /** A pasted call id: checked, then fetched at once so that an unknown call says so. */
  async open(text: string): Promise<CallReview> {
    const parsed = UniqueId.safeParse(text.trim());
    if (!parsed.success) {
      throw new CallsError('invalid-argument', t('timeline.notACallId', { text: text.trim().slice(0, 40) }));
    }
    const uniqueid = parsed.data;
    if (!this.deps.client()) throw CallsError.notConnected();
    // A call Ringside saw, or one already fetched, is reviewed as usual (the monitor started its fetch).
    if (this.reviewStore.get(uniqueid)?.record || this.store.get(uniqueid)) return this.review({ uniqueid });
    const review = await this.reviews.fetchNow(uniqueid).catch((error: unknown) => {
      if (error instanceof NoSuchCall) return undefined;
      throw error;
    });
    if (!review || (!review.record && review.notFound > 0)) {
      this.reviews.forget(uniqueid); // a mistyped id leaves nothing behind
      throw new NoSuchCall(t('timeline.openNoRecord', { uniqueid }));
    }
    return this.reviewModel(uniqueid);
  }

  async wrapUp(uniqueid: string): Promise<WrapUp> {
    return { ...(await this.wrapUps.get(uniqueid)), call: this.store.get(uniqueid) };
  }

  save(args: WrapUpSaveArgs): WrapUpSaveResult {
    const result = this.wrapUps.save(args);
    this.outbox.announce(args.uniqueid);
    if (this.store.get(args.uniqueid)) this.recorder.announce([args.uniqueid]);
    void this.outbox.drain();
    return result;
  }

  pending(): PendingSave[] {
    return this.outbox.pending();
  }

  /** Keeps a wrap-up draft as typed (null: drops it). */
  saveDraft({ uniqueid, draft }: WrapUpDraftArgs): { kept: boolean } {
    if (!draft) {
      this.drafts.remove(uniqueid);
      return { kept: false };
    }
    this.drafts.put(uniqueid, draft, this.deps.clock.now());
    return { kept: true };
  }

  /** The drafts kept from earlier, with their calls, oldest first. */
  keptDrafts(): KeptDraft[] {
    return this.drafts.all().map((kept) => ({ ...kept, call: this.store.get(kept.uniqueid) }));
  }

  discard(uniqueid: string): { discarded: boolean } {
    const discarded = this.wrapUpStore.discard(uniqueid);
    if (discarded) {
      this.outbox.announce(uniqueid);
      if (this.store.get(uniqueid)) this.recorder.announce([uniqueid]);
    }
    return { discarded };
  }

  dispose(): void {
    this.reviews.stop();
    this.outbox.stop();
  }

  private reviewModel(uniqueid: string): CallReview {
    const review = buildReview(
      uniqueid,
      this.reviewStore.get(uniqueid),
      this.store.get(uniqueid),
      this.deps.agent() || undefined,
      (raw) => displayNumber(raw, this.deps.defaultCountry()),
    );
    if (review.metadata.status !== 'shown') return review;
    const { values } = review.metadata.value;
    const metadata = this.wrapUps.reviewMetadata(uniqueid, values, review.fetch.fetchedAt);
    return { ...review, metadata: { status: 'shown', value: metadata } };
  }
}
