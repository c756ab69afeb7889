/**
 * The call history part of the contract: the list of calls (keyset-paginated, newest first), the missed-calls
 * badge and full-text search over transcripts, summaries and notes. docs/history-and-review.md describes how
 * the commands and events fit together.
 *
 * Everything text-like here (names, snippets) comes from the PBX or from people: render it as text, never as HTML.
 */
import { z } from 'zod';
import type { CallDirection } from './calls';
import type { NumberMatch } from './directory';
import { command, event } from './define';
import { EpochMs, UniqueIdArg } from './ids';
import { HISTORY_PAGE_MAX, HISTORY_QUERY_MAX } from '../limits';

export const HISTORY_PAGE_DEFAULT = 50;
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
  match: NumberMatch | null;
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

export interface HistoryChanged {
  /** Calls added or changed; re-read the page they are on. */
  uniqueids: string[];
  missedUnseen: number;
  /** The whole history was replaced (another PBX was chosen): drop everything shown and load afresh. */
  reset?: boolean;
}

/**
 * Ringside found its local history file damaged and rebuilt it from what could still be read (the damaged
 * file is kept aside). Shown in History until the agent dismisses it.
 */
export interface HistoryRepair {
  /** Epoch ms. */
  repairedAt: number;
  recoveredCalls: number;
  /** Wrap-ups not yet accepted by the PBX, read back into the outbox. */
  recoveredUnsentWrapUps: number;
  /** Records (calls, wrap-ups, reviews, notes) known to have been there that could not be read; null: unknown. */
  unreadable: number | null;
}

export const historyCommands = {
  /** The call history, newest first, keyset-paginated (docs/history-and-review.md). */
  'history:list': command(HistoryListArgsSchema).returns<HistoryPage>(),
  /** Clears the missed-calls badge (for the given missed calls, or all); resolves to the new count. */
  'history:markSeen': command(HistoryMarkSeenArgsSchema).changes<{ missedUnseen: number }>(),
  /** Full-text search over transcripts, summaries and notes; a transcript hit names its segment. */
  'history:search': command(HistorySearchArgsSchema).returns<HistorySearchResult>(),
  /** The last repair of a damaged history file the agent has not dismissed; null when there is none. */
  'history:repair': command(z.undefined()).returns<HistoryRepair | null>(),
  'history:dismissRepair': command(z.undefined()).changes<{ dismissed: boolean }>(),
};

export const historyEvents = {
  /** Calls were added to or changed in the history; carries the missed-calls badge. */
  'history:changed': event<HistoryChanged>(),
  /**
   * An inbound call rang the agent's phone and ended unanswered by anyone (a queue call a colleague took is
   * not missed): once per call, for the OS notification with "Call back" (calls/history/missedCallAlerts.ts).
   */
  'call:missed': event<HistoryItem>(),
};
