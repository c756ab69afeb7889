/**
 * The wrap-up part of the contract: disposition, note, follow-up and call metadata after a call, saved locally
 * first and written to the PBX through an outbox of pending saves.
 *
 * Notes and metadata values come from people: render them as text, never as HTML.
 */
import { z } from 'zod';
import { CallDataSchema } from './calls';
import { command, event } from './define';
import type { HistoryItem } from './history';
import { UniqueIdArg } from './ids';
import type { ReviewPart } from './review';
import { METADATA_DRAFT_KEYS_MAX, METADATA_KEY_MAX, NOTE_MAX } from '../limits';

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

/**
 * What the agent typed in a wrap-up panel and has not saved: kept on disk as it is typed, offered again after a
 * restart. `metadata`: the edits of the call's metadata as typed (a text per key, null to clear the key).
 */
export const WrapUpDraftSchema = z.strictObject({
  disposition: z.string().max(64).nullable(),
  note: z.string().max(NOTE_MAX),
  followUp: z.boolean(),
  metadata: z
    .record(z.string().max(METADATA_KEY_MAX), z.string().max(NOTE_MAX).nullable())
    .refine((edits) => Object.keys(edits).length <= METADATA_DRAFT_KEYS_MAX, {
      message: `at most ${METADATA_DRAFT_KEYS_MAX} metadata keys`,
    }),
  /** The metadata field being added, as typed. */
  newKey: z.string().max(METADATA_KEY_MAX),
  newValue: z.string().max(NOTE_MAX),
});
export type WrapUpDraft = z.infer<typeof WrapUpDraftSchema>;

/** `draft: null` drops the call's draft (the form is back to what was saved). */
export const WrapUpDraftArgsSchema = z.strictObject({
  uniqueid: UniqueIdArg,
  draft: WrapUpDraftSchema.nullable(),
});
export type WrapUpDraftArgs = z.infer<typeof WrapUpDraftArgsSchema>;

/** A draft kept from an earlier run, for the call it belongs to. */
export interface KeptDraft {
  uniqueid: string;
  draft: WrapUpDraft;
  /** Epoch ms of the last keystroke kept. */
  updatedAt: number;
  call: HistoryItem | null;
}

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

export { WRAP_UP_KEYS } from './wrapUpKeys';

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
   * `readOnlyReason`: the values may be shown but not edited, and why (no agent username in Settings).
   */
  metadata: ReviewPart<{ values: Record<string, unknown>; stale: boolean; readOnlyReason?: string }>;
  /** What was typed and not saved (kept on disk as it was typed); null when none. */
  draft: WrapUpDraft | null;
  call: HistoryItem | null;
}

export interface WrapUpSaveResult {
  saved: SavedWrapUp;
  /** The entry now in the outbox (the PBX write follows in the background; see `wrapup:changed`). */
  pending: PendingSave | null;
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

export const wrapUpCommands = {
  /** The wrap-up panel: dispositions, what was saved, the pending save, the call's metadata. */
  'wrapup:get': command(WrapUpGetArgsSchema).returns<WrapUp>(),
  /** Saved locally at once, then written to the PBX by the outbox (follow `wrapup:changed`). */
  'wrapup:save': command(WrapUpSaveArgsSchema).changes<WrapUpSaveResult>(),
  /** Every save not yet accepted by the PBX, oldest first. */
  'wrapup:pending': command(z.undefined()).returns<PendingSave[]>(),
  /** Drops a pending (typically rejected) save; the local note stays. */
  'wrapup:discard': command(WrapUpDiscardArgsSchema).changes<{ discarded: boolean }>(),
  /** Keeps what is typed in a wrap-up panel on disk (the window debounces); `draft: null` drops it. */
  'wrapup:draft': command(WrapUpDraftArgsSchema).changes<{ kept: boolean }>(),
  /** The drafts kept from earlier (after a restart: offered again for their calls), oldest first. */
  'wrapup:drafts': command(z.undefined()).returns<KeptDraft[]>(),
};

export const wrapUpEvents = {
  /** A wrap-up save moved through the outbox (sending, retrying, rejected, written). */
  'wrapup:changed': event<WrapUpChanged>(),
  /** A call of the agent's phone ended: open the wrap-up panel for it. */
  'call:ended': event<CallEnded>(),
};
