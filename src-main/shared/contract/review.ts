/**
 * The call review part of the contract: the PBX's record of a call with its path, queues and AI results
 * (transcript, summary, sentiment, rating), filtered by the agent's permissions before it leaves main.
 *
 * Everything text-like here (names, transcript segments, metadata values) comes from the PBX: render it as
 * text, never as HTML.
 */
import { z } from 'zod';
import { command, event } from './define';
import type { HistoryItem, ReviewFetchState } from './history';
import { UniqueIdArg } from './ids';
import { PASTED_CALL_ID_MAX } from '../limits';

// ---- Call review ---------------------------------------------------------------------------------------

export const ReviewGetArgsSchema = z.strictObject({
  uniqueid: UniqueIdArg,
  /** Fetch again now even when a review is stored (the "Refresh" button; also restarts a review that gave up). */
  refresh: z.boolean().optional(),
});
export type ReviewGetArgs = z.infer<typeof ReviewGetArgsSchema>;

/** A call id pasted by the user: surrounding spaces are fine; main checks the form and says what is wrong. */
export const ReviewOpenArgsSchema = z.strictObject({ uniqueid: z.string().max(PASTED_CALL_ID_MAX) });
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

/**
 * The call's metadata: the newest copy Ringside has (the record's, or the one read or written since by the
 * wrap-up) with a wrap-up saved here and not yet written applied, so the review shows what was just saved.
 */
export interface ReviewMetadata {
  values: Record<string, unknown>;
  /** The label of the saved `ringside.disposition` code in the dispositions list; null when not known. */
  dispositionLabel: string | null;
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
  metadata: ReviewPart<ReviewMetadata>;
  v2: ReviewPart<ReviewV2Detail>;
}

export const reviewCommands = {
  /** The review of a call from the cache (fetched from the PBX when missing, or with `refresh`). */
  'review:get': command(ReviewGetArgsSchema).returns<CallReview>(),
  /** A call id pasted by the user: checked, fetched from the PBX; not-found when the PBX has no such call. */
  'review:open': command(ReviewOpenArgsSchema).returns<CallReview>(),
};

export const reviewEvents = {
  /** A stored review changed (record fetched, transcription done, gave up): call `review:get` again. */
  'review:updated': event<{ uniqueid: string }>(),
};
