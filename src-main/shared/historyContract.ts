/**
 * The "after the call" part of the IPC contract (re-exported by contract.ts): the call history, the call
 * review (the PBX's record with AI results, filtered by the agent's permissions), the wrap-up (disposition,
 * note, follow-up, call metadata) with its outbox of pending saves, and full-text search.
 * docs/history-and-review.md describes how the commands and events fit together.
 *
 * Everything text-like in these shapes (names, transcript segments, notes, metadata values, snippets) comes
 * from the PBX or from people: render it as text, never as HTML.
 */
import { z } from 'zod';
import { CallDataSchema, type CallDirection, type NumberMatchView } from './callsContract';

const UNIQUEID_PATTERN = /^\d{1,12}\.\d{1,9}$/;
const UniqueIdArg = z.string().regex(UNIQUEID_PATTERN, 'uniqueid must look like 1700000000.42');
/** Epoch milliseconds (local clock). */
const EpochMs = z.number().int().min(0).max(8.64e15);

export const HISTORY_PAGE_DEFAULT = 50;
export const HISTORY_PAGE_MAX = 200;
export const HISTORY_QUERY_MAX = 200;
export const NOTE_MAX = 10_000;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 100;

// ---- History -------------------------------------------------------------------------------------------

export const HISTORY_FILTERS = ['all', 'missed', 'inbound', 'outbound'] as const;
export const HistoryFilterSchema = z.enum(HISTORY_FILTERS);
export type HistoryFilter = z.infer<typeof HistoryFilterSchema>;

/**
 * - `ongoing`: not over yet (or Ringside stopped before it ended and has not heard since);
 * - `answered`: connected at some point;
 * - `missed`: inbound, rang the agent's phone, nobody answered;
 * - `abandoned`: inbound, the caller gave up before it rang the agent (e.g. while queued);
 * - `unanswered`: outbound, the other party never answered.
 */
export type CallOutcome = 'ongoing' | 'answered' | 'missed' | 'abandoned' | 'unanswered';

export const HistoryListArgsSchema = z.strictObject({
  filter: HistoryFilterSchema,
  /** Calls that started at or after this time (epoch ms). */
  from: EpochMs.optional(),
  /** Calls that started before this time (epoch ms, exclusive). */
  to: EpochMs.optional(),
  /** Digits of a number (`777 12`), or words of a name or company; matched anywhere. */
  query: z.string().max(HISTORY_QUERY_MAX).optional(),
  limit: z.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
  /** `nextCursor` of the previous page (keyset pagination, newest first). */
  before: z.string().max(64).optional(),
});
export type HistoryListArgs = z.input<typeof HistoryListArgsSchema>;

/** What the call review fetch has reached (see CallReview.fetch). */
export type ReviewFetchState = 'none' | 'fetching' | 'transcribing' | 'done' | 'failed';

export interface HistoryItem {
  uniqueid: string;
  direction: CallDirection;
  outcome: CallOutcome;
  /** The other party as the PBX presented it. */
  remote: {
    number: string;
    /** Formatted for people; the PBX's text when it is no phone number (`anonymous`). */
    display: string;
    /** For a redial button (`calls:dial` with `source: 'history'`); null when it cannot be dialled. */
    dial: string | null;
    /** The name the PBX sent with the number (may be empty). */
    pbxName: string;
  };
  /** The best owner in the local directory when the call was recorded. */
  match: NumberMatchView | null;
  /** The person's company, or the company whose number it is. */
  company: { id: number; name: string } | null;
  queue: { id: number; name: string | null } | null;
  /** Epoch ms. */
  startedAt: number;
  answeredAt: number | null;
  endedAt: number | null;
  /** Seconds from start to end (0 while ongoing). */
  durationSeconds: number;
  /** For missed calls: whether the agent has seen it (`history:markSeen`); true for every other outcome. */
  seen: boolean;
  review: ReviewFetchState;
  /** The wrap-up saved for this call, if any. */
  wrapUp: { disposition: string | null; followUp: boolean; hasNote: boolean; pending: boolean } | null;
}

export interface HistoryPage {
  items: HistoryItem[];
  /** Pass as `before` for the next page; null on the last page. */
  nextCursor: string | null;
  /** The missed-calls badge. */
  missedUnseen: number;
}

export const HistoryMarkSeenArgsSchema = z.strictObject({
  /** These missed calls; absent: every missed call. */
  uniqueids: z.array(UniqueIdArg).max(HISTORY_PAGE_MAX).optional(),
});
export type HistoryMarkSeenArgs = z.infer<typeof HistoryMarkSeenArgsSchema>;

export const HistorySearchArgsSchema = z.strictObject({
  query: z.string().max(HISTORY_QUERY_MAX),
  limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
});
export type HistorySearchArgs = z.input<typeof HistorySearchArgsSchema>;

/** A piece of a snippet; `match` pieces are the words that matched (highlight them, as text). */
export interface SnippetPart {
  text: string;
  match: boolean;
}

export interface HistorySearchHit {
  uniqueid: string;
  /** Where the words were found. */
  source: 'transcript' | 'summary' | 'note';
  /** For transcript hits: the segment to open the review at (`ReviewSegment.channel` and `.index`). */
  segment: { channel: number; index: number; begin: number } | null;
  snippet: SnippetPart[];
  /** The call, when it is in the history (a call opened by pasting its id may not be). */
  call: HistoryItem | null;
}

export interface HistorySearchResult {
  query: string;
  hits: HistorySearchHit[];
}

// ---- Call review ---------------------------------------------------------------------------------------

export const ReviewGetArgsSchema = z.strictObject({
  uniqueid: UniqueIdArg,
  /** Fetch again now even when a review is stored (the "Refresh" button; also restarts a review that gave up). */
  refresh: z.boolean().optional(),
});
export type ReviewGetArgs = z.infer<typeof ReviewGetArgsSchema>;

/** A call id pasted by the user: surrounding spaces are fine; main checks the form and says what is wrong. */
export const ReviewOpenArgsSchema = z.strictObject({ uniqueid: z.string().max(256) });
export type ReviewOpenArgs = z.infer<typeof ReviewOpenArgsSchema>;

/**
 * One part of the review. `not-permitted`: the agent's role may not see it (say so where it would be);
 * `pending`: the PBX is still transcribing; `unavailable`: the PBX has none (not recorded, no v2 endpoint…),
 * with a sentence in `reason`.
 */
export type ReviewPart<T> =
  | { status: 'shown'; value: T }
  | { status: 'not-permitted' }
  | { status: 'pending' }
  | { status: 'unavailable'; reason: string };

export interface ReviewParty {
  number: string;
  name: string;
  internal: boolean;
  /** `trunk`, `phone`, `queue`… as the PBX says. */
  type: string;
}

export interface ReviewInfo {
  source: ReviewParty;
  destination: ReviewParty;
  /** As the PBX wrote them: its local time `YYYY-MM-DD HH:MM:SS`. */
  calldate: string;
  connected: string | null;
  disconnected: string | null;
  durationSeconds: number;
  ringSeconds: number;
  talkSeconds: number;
  holdSeconds: number;
  /** Q.850 code and what it means when known ("normal clearing"). */
  cause: { code: number; label: string };
  price: number;
  recording: boolean;
  recordingSeconds: number;
  pilotNumber: string;
}

export interface ReviewPathStep {
  /** As the PBX wrote it. */
  at: string;
  type: number;
  /** "Rang a phone", or "step 9" for codes without a known meaning. */
  label: string;
  number: string;
  name: string;
}

export interface ReviewQueuePassage {
  queueId: number;
  queueName: string;
  agentName: string | null;
  teamName: string | null;
  entered: string;
  queueLength: number;
  waitSeconds: number;
  ringSeconds: number;
  talkSeconds: number;
  holdSeconds: number;
  acwSeconds: number;
  /** Answered within `thresholdSeconds`. */
  withinServiceLevel: boolean;
  thresholdSeconds: number;
  abandoned: boolean;
  transferred: boolean;
}

export interface ReviewTag {
  id: number;
  /** Null when the PBX did not resolve it. */
  name: string | null;
  /** `#rrggbb` when the PBX gave a valid colour, else null. */
  color: string | null;
}

export interface ReviewRating {
  /** 1 (worst) … 5 (best). */
  stars: number;
  justification: string;
}

export interface ReviewChannelSentiment {
  /** 0 is the calling side (the customer of an inbound call), 1 the called side. */
  channel: number;
  positive: number;
  neutral: number;
  negative: number;
  /** −1 … 1. */
  summary: number;
  /** 1 (worst) … 5 (best). */
  score: number;
}

export interface ReviewSegment {
  channel: number;
  /** Position in its channel; a search hit names it. */
  index: number;
  /** Seconds from the start of the recording. */
  begin: number;
  end: number;
  text: string;
  /** 1 … 5; null when the agent may not see sentiment. */
  score: number | null;
}

export interface ReviewTranscript {
  channels: number;
  /** Every channel's segments in one conversation, ordered by `begin`. */
  segments: ReviewSegment[];
}

/** The version-2 detail (beta endpoint), as far as the review shows it. */
export interface ReviewV2Detail {
  state: string;
  language: string;
  recorded: boolean;
  /** Epoch ms, PBX clock. */
  created: number | null;
  connected: number | null;
  disconnected: number | null;
  /** Epoch ms when the caller was lost; null when not abandoned. */
  abandonedAt: number | null;
  ringSeconds: number;
  talkSeconds: number;
  holdSeconds: number;
  waitSeconds: number;
  subcalls: number;
  caller: { number: string; name: string; username: string | null };
  called: { number: string; name: string };
  connectedParty: { number: string; name: string; username: string | null } | null;
  /** `path` entries with ISO 8601 UTC dates. */
  path: ReviewPathStep[];
}

/** What the agent may do with this call, from GET /call/{uniqueid}/permissions/username/{agent}. */
export interface ReviewPermissions {
  info: boolean;
  playback: boolean;
  download: boolean;
  transcription: boolean;
  summary: boolean;
  sentiment: boolean;
  rating: boolean;
  metadata: boolean;
}

export interface ReviewFetchStatus {
  /**
   * `fetching`: a request is on its way (or about to be); `transcribing`: the record is stored and the PBX is
   * still transcribing (fetched again with backoff); `done`: final; `failed`: gave up or the PBX has no such
   * call (see `message`; `review:get` with `refresh` tries again).
   */
  state: Exclude<ReviewFetchState, 'none'>;
  /** 0 not requested, 1 requested, 2 pending, 3 done; null before the first record arrived. */
  transcriptionStatus: number | null;
  /** For people, when something went wrong or was given up. */
  message: string | null;
  attempts: number;
  /** Epoch ms of the last record stored; null before. */
  fetchedAt: number | null;
  /** Epoch ms of the next attempt, while one is scheduled. */
  nextAttemptAt: number | null;
}

export interface CallReview {
  uniqueid: string;
  fetch: ReviewFetchStatus;
  /** The call in the local history, when Ringside saw it. */
  call: HistoryItem | null;
  /** Null until the permissions were fetched; then everything below honours them. */
  permissions: ReviewPermissions | null;
  info: ReviewPart<ReviewInfo>;
  path: ReviewPart<ReviewPathStep[]>;
  queues: ReviewPart<ReviewQueuePassage[]>;
  tags: ReviewPart<ReviewTag[]>;
  rating: ReviewPart<ReviewRating>;
  summary: ReviewPart<string>;
  sentiment: ReviewPart<ReviewChannelSentiment[]>;
  transcript: ReviewPart<ReviewTranscript>;
  metadata: ReviewPart<Record<string, unknown>>;
  v2: ReviewPart<ReviewV2Detail>;
}

// ---- Wrap-up -------------------------------------------------------------------------------------------

export const WrapUpGetArgsSchema = z.strictObject({ uniqueid: UniqueIdArg });
export type WrapUpGetArgs = z.infer<typeof WrapUpGetArgsSchema>;

export const WrapUpSaveArgsSchema = z.strictObject({
  uniqueid: UniqueIdArg,
  /** A `code` of `WrapUp.dispositions`, or null for none. */
  disposition: z.string().max(64).nullable(),
  note: z.string().max(NOTE_MAX),
  followUp: z.boolean(),
  /** Edits of the call's metadata: a value sets the key, null deletes it; keys not named stay as they are. */
  metadata: CallDataSchema.default({}),
});
export type WrapUpSaveArgs = z.input<typeof WrapUpSaveArgsSchema>;

export const WrapUpDiscardArgsSchema = z.strictObject({ uniqueid: UniqueIdArg });
export type WrapUpDiscardArgs = z.infer<typeof WrapUpDiscardArgsSchema>;

export interface Disposition {
  code: string;
  label: string;
  /** `#rrggbb` or null. */
  color: string | null;
}

/** What the agent saved for a call (the local copy; the PBX gets it through the outbox). */
export interface SavedWrapUp {
  disposition: string | null;
  note: string;
  followUp: boolean;
  /** Epoch ms of the last save. */
  savedAt: number;
  /** Epoch ms when the PBX accepted the last save; null while it is pending. */
  writtenAt: number | null;
}

/**
 * A save on its way to the PBX. `queued`: waiting for the PBX (not connected yet); `sending`: a request is on
 * its way; `retrying`: the PBX was unreachable or failed (5xx), tried again at `nextAttemptAt`; `rejected`:
 * the PBX refused it (validation, permission): `message` says why, the entry stays until saved again or
 * discarded (`wrapup:discard`).
 */
export interface PendingSave {
  uniqueid: string;
  state: 'queued' | 'sending' | 'retrying' | 'rejected';
  /** The metadata changes to send (differential; null deletes a key). */
  changes: Record<string, unknown>;
  attempts: number;
  message: string | null;
  /** Epoch ms. */
  savedAt: number;
  nextAttemptAt: number | null;
  /** The other party, for the pending list. */
  remote: { display: string; name: string | null } | null;
}

export interface WrapUp {
  uniqueid: string;
  dispositions: Disposition[];
  /** `pbx`: from the shared data item `ringside.dispositions`; `default`: the built-in list. */
  dispositionsSource: 'pbx' | 'default';
  saved: SavedWrapUp | null;
  pending: PendingSave | null;
  /**
   * The call's metadata on the PBX, with the pending changes applied; `stale` when the PBX could not be
   * asked and this is the last known copy. `not-permitted` when the agent may not edit metadata.
   */
  metadata: ReviewPart<{ values: Record<string, unknown>; stale: boolean }>;
  call: HistoryItem | null;
}

export interface WrapUpSaveResult {
  saved: SavedWrapUp;
  /** The entry now in the outbox (the PBX write follows in the background; see `wrapup:changed`). */
  pending: PendingSave | null;
}

// ---- Events --------------------------------------------------------------------------------------------

export interface HistoryChanged {
  /** Calls added or changed; re-read the page they are on. */
  uniqueids: string[];
  missedUnseen: number;
  /** The whole history was replaced (another PBX was chosen): drop everything shown and load afresh. */
  reset?: boolean;
}

export interface WrapUpChanged {
  uniqueid: string;
  /** The outbox entry now; null once the PBX accepted it (or it was discarded). */
  pending: PendingSave | null;
  /** Entries in the outbox in total (for a "2 saves pending" indicator). */
  pendingCount: number;
}

export interface CallEnded {
  uniqueid: string;
  /** The history entry (open the wrap-up panel for it). */
  call: HistoryItem;
}
