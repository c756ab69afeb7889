/**
 * Stored call reviews: the PBX's version-1 record (with path, queues and resolved tags), the version-2 detail
 * when offered, the agent's permissions for the call, and where fetching stands (attempts, the next one).
 * The records were validated by the PBX client before they were stored, so they are read back as they are.
 */
import type { CallPermissions, CallRecordV1, CallRecordV2 } from '../../api/schemas';
import type { ReviewFetchStatus } from '../../shared/contract';
import type { CacheDatabase } from '../database/openCache';

/** `unknown`: not asked yet; `not-offered`: the PBX answered 404 (no v2 endpoint or no such call there). */
export type V2State = 'unknown' | 'shown' | 'not-offered' | 'failed';

export interface StoredReview {
  uniqueid: string;
  state: ReviewFetchStatus['state'];
  record: CallRecordV1 | null;
  v2: CallRecordV2 | null;
  v2State: V2State;
  permissions: CallPermissions | null;
  /** The agent user name the permissions were asked for. */
  permissionsAgent: string | null;
  transcriptionStatus: number | null;
  attempts: number;
  /** 404 answers in a row for the record. */
  notFound: number;
  message: string | null;
  firstAttemptAt: number;
  fetchedAt: number | null;
  nextAttemptAt: number | null;
}

interface ReviewRow {
  uniqueid: string;
  state: StoredReview['state'];
  record: string | null;
  v2: string | null;
  v2_state: V2State;
  permissions: string | null;
  permissions_agent: string | null;
  transcription_status: number | null;
  attempts: number;
  not_found: number;
  message: string | null;
  first_attempt_at: number;
  fetched_at: number | null;
  next_attempt_at: number | null;
}

/** A review about to be fetched for the first time: nothing known yet. */
export function newReview(uniqueid: string, now: number): StoredReview {
  return {
    uniqueid,
    state: 'fetching',
    record: null,
    v2: null,
    v2State: 'unknown',
    permissions: null,
    permissionsAgent: null,
    transcriptionStatus: null,
    attempts: 0,
    notFound: 0,
    message: null,
    firstAttemptAt: now,
    fetchedAt: null,
    nextAttemptAt: now,
  };
}

const parsed = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));

export class ReviewRecordStore {
  private readonly sql;

  constructor(private readonly database: CacheDatabase) {
    const { db } = database;
    this.sql = {
      get: db.prepare('SELECT * FROM review_records WHERE uniqueid = ?'),
      save: db.prepare(`INSERT OR REPLACE INTO review_records (uniqueid, state, record, v2, v2_state, permissions,
          permissions_agent, transcription_status, attempts, not_found, message, first_attempt_at, fetched_at,
          next_attempt_at)
        VALUES (@uniqueid, @state, @record, @v2, @v2_state, @permissions, @permissions_agent,
          @transcription_status, @attempts, @not_found, @message, @first_attempt_at, @fetched_at, @next_attempt_at)`),
      remove: db.prepare('DELETE FROM review_records WHERE uniqueid = ?'),
      unfinished: db
        .prepare(
          "SELECT uniqueid FROM review_records WHERE state IN ('fetching', 'transcribing') ORDER BY uniqueid",
        )
        .pluck(),
    };
  }

  get(uniqueid: string): StoredReview | undefined {
    const row = this.sql.get.get(uniqueid) as ReviewRow | undefined;
    if (!row) return undefined;
    return {
      uniqueid: row.uniqueid,
      state: row.state,
      record: parsed<CallRecordV1>(row.record),
      v2: parsed<CallRecordV2>(row.v2),
      v2State: row.v2_state,
      permissions: parsed<CallPermissions>(row.permissions),
      permissionsAgent: row.permissions_agent,
      transcriptionStatus: row.transcription_status,
      attempts: row.attempts,
      notFound: row.not_found,
      message: row.message,
      firstAttemptAt: row.first_attempt_at,
      fetchedAt: row.fetched_at,
      nextAttemptAt: row.next_attempt_at,
    };
  }

  save(review: StoredReview): void {
    this.database.write(() =>
      this.sql.save.run({
        uniqueid: review.uniqueid,
        state: review.state,
        record: review.record ? JSON.stringify(review.record) : null,
        v2: review.v2 ? JSON.stringify(review.v2) : null,
        v2_state: review.v2State,
        permissions: review.permissions ? JSON.stringify(review.permissions) : null,
        permissions_agent: review.permissionsAgent,
        transcription_status: review.transcriptionStatus,
        attempts: review.attempts,
        not_found: review.notFound,
        message: review.message,
        first_attempt_at: review.firstAttemptAt,
        fetched_at: review.fetchedAt,
        next_attempt_at: review.nextAttemptAt,
      }),
    );
  }

  remove(uniqueid: string): void {
    this.database.write(() => this.sql.remove.run(uniqueid));
  }

  /** Reviews still being fetched or waiting for their transcription (resumed when Ringside starts). */
  unfinished(): string[] {
    return this.sql.unfinished.all() as string[];
  }
}
