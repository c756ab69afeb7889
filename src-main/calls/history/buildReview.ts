/**
 * The review model the renderer gets: the stored record cut into parts, each shown only when the agent's
 * permissions allow it. A part the agent may not see becomes `{ status: 'not-permitted' }` here, in the main
 * process, so its content never crosses IPC. Pure: no I/O.
 */
import {
  describeCallState,
  TRANSCRIPTION_STATUS,
  type CallRecordV1,
  type CallRecordV2,
} from '../../api/schemas';
import type { StoredReview } from '../../cache';
import { t, type MessageKey } from '../../shared/i18n';
import { wordNotice } from './storedNotice';
import type {
  CallReview,
  HistoryItem,
  ReviewChannelSentiment,
  ReviewFetchStatus,
  ReviewInfo,
  ReviewPart,
  ReviewPathStep,
  ReviewPermissions,
  ReviewQueuePassage,
  ReviewTag,
  ReviewTranscript,
  ReviewV2Detail,
} from '../../shared/contract';

/*
 * The review is built each time it is read, from the record the PBX sent (stored as is), so every label and
 * notice here is worded in the language in use at that moment; nothing worded is stored.
 */

/** Q.850 cause codes a call record commonly carries. */
const CAUSES: Record<number, MessageKey> = {
  1: 'timeline.causeUnallocatedNumber',
  16: 'timeline.causeNormalClearing',
  17: 'timeline.causeUserBusy',
  18: 'timeline.causeNoUserResponding',
  19: 'timeline.causeNoAnswer',
  21: 'timeline.causeCallRejected',
  27: 'timeline.causeDestinationOutOfOrder',
  28: 'timeline.causeInvalidNumberFormat',
  31: 'timeline.causeNormalUnspecified',
  34: 'timeline.causeNoCircuit',
  38: 'timeline.causeNetworkOutOfOrder',
  41: 'timeline.causeTemporaryFailure',
  127: 'timeline.causeInterworking',
};

/** Path entry types. The API document does not give them; these are the demo PBX's (docs/pbx-api.md). */
const PATH_STEPS: Record<number, MessageKey> = {
  1: 'timeline.stepEnteredPbx',
  2: 'timeline.stepEnteredQueue',
  3: 'timeline.stepRang',
  4: 'timeline.stepAnswered',
  5: 'timeline.stepHeld',
  6: 'timeline.stepResumed',
  7: 'timeline.stepHungUp',
  8: 'timeline.stepDialledOut',
};

/** The version-2 record's state names (api/schemas CALL_STATES), as the review shows them. */
const V2_STATES: Record<string, MessageKey> = {
  idle: 'timeline.v2StateIdle',
  ringing: 'timeline.v2StateRinging',
  dialing: 'timeline.v2StateDialing',
  connected: 'timeline.v2StateConnected',
  held: 'timeline.v2StateHeld',
  queued: 'timeline.v2StateQueued',
  ended: 'timeline.v2StateEnded',
};

const HEX_COLOUR = /^#?([0-9a-f]{6})$/i;

/** A colour safe to put into a style: `#rrggbb`, or null for anything else the PBX sent. */
export function cssColour(value: unknown): string | null {
  const match = typeof value === 'string' ? HEX_COLOUR.exec(value.trim()) : null;
  return match ? `#${match[1]!.toLowerCase()}` : null;
}

const hidden = { status: 'not-permitted' } as const;
const pending = { status: 'pending' } as const;
const unavailable = (reason: string) => ({ status: 'unavailable', reason }) as const;
const shown = <T>(value: T): ReviewPart<T> => ({ status: 'shown', value });

export function fetchStatusOf(stored: StoredReview | undefined): ReviewFetchStatus {
  if (!stored) {
    return {
      state: 'fetching',
      transcriptionStatus: null,
      message: null,
      attempts: 0,
      fetchedAt: null,
      nextAttemptAt: null,
    };
  }
  return {
    state: stored.state,
    transcriptionStatus: stored.transcriptionStatus,
    message: wordNotice(stored.message),
    attempts: stored.attempts,
    fetchedAt: stored.fetchedAt,
    nextAttemptAt: stored.nextAttemptAt,
  };
}

export function buildReview(
  uniqueid: string,
  stored: StoredReview | undefined,
  call: HistoryItem | null,
  /** The agent the permissions must have been asked for (another agent's do not count). */
  agent: string | undefined,
  /**
   * A number as Ringside shows every number (`+420 777 123 456`; the PBX's text when it is no number): the
   * record's numbers are shown beside formatted ones, so they go through the same formatter.
   */
  displayNumber: (raw: string) => string,
): CallReview {
  const fetch = fetchStatusOf(stored);
  const record = stored?.record ?? null;
  const permissions =
    stored?.permissions && agent && stored.permissionsAgent === agent
      ? permissionsOf(stored.permissions)
      : null;
  // Every part denied (or no agent to ask for): the record was never fetched (reviewFetcher.ts).
  if (!record && stored?.state === 'done' && stored.fetchedAt !== null) {
    return { uniqueid, fetch, call, permissions, ...everyPart(() => hidden) };
  }
  if (!record) {
    const reason = fetch.message ?? t('timeline.reviewRecordPending');
    return { uniqueid, fetch, call, permissions, ...everyPart(() => unavailable(reason)) };
  }
  if (!permissions) return { uniqueid, fetch, call, permissions, ...everyPart(() => hidden) };
  const status = record.transcription_status;
  /** The AI parts: hidden, pending, not there, or shown. */
  const ai = <T>(allowed: boolean, value: () => T | null, missing: string): ReviewPart<T> => {
    if (!allowed) return hidden;
    if (status === TRANSCRIPTION_STATUS.requested || status === TRANSCRIPTION_STATUS.pending) return pending;
    if (status === TRANSCRIPTION_STATUS.notRequested) {
      return unavailable(
        record.recording ? t('timeline.reviewTranscriptionNotRequested') : t('timeline.reviewNotRecorded'),
      );
    }
    const found = value();
    return found === null ? unavailable(missing) : shown(found);
  };
  const info = permissions.info;
  return {
    uniqueid,
    fetch,
    call,
    permissions,
    info: info ? shown(infoOf(record, displayNumber)) : hidden,
    path: info ? shown((record.path ?? []).map((step) => pathStep(step, displayNumber))) : hidden,
    queues: info ? shown((record.queues ?? []).map(queuePassage)) : hidden,
    tags: info ? shown(record.tags.map(tagOf)) : hidden,
    rating: ai(
      permissions.rating,
      () =>
        record.rating === null ? null : { stars: record.rating, justification: record.rating_justification },
      t('timeline.reviewNoRating'),
    ),
    summary: ai(permissions.summary, () => record.summary.trim() || null, t('timeline.reviewNoSummary')),
    sentiment: ai(
      permissions.sentiment,
      () => (record.sentiment.length ? record.sentiment.map(sentimentOf) : null),
      t('timeline.reviewNoSentiment'),
    ),
    transcript: ai(
      permissions.transcription,
      () => transcriptOf(record, permissions.sentiment),
      t('timeline.reviewEmptyTranscript'),
    ),
    metadata: permissions.metadata
      ? shown({ values: { ...record.metadata }, dispositionLabel: null })
      : hidden,
    v2: info ? v2Part(stored!, displayNumber) : hidden,
  };
}

function everyPart(part: () => ReviewPart<never>) {
  return {
    info: part(),
    path: part(),
    queues: part(),
    tags: part(),
    rating: part(),
    summary: part(),
    sentiment: part(),
    transcript: part(),
    metadata: part(),
    v2: part(),
  };
}

export function permissionsOf(source: Record<keyof ReviewPermissions, boolean>): ReviewPermissions {
  return {
    info: source.info === true,
    playback: source.playback === true,
    download: source.download === true,
    transcription: source.transcription === true,
    summary: source.summary === true,
    sentiment: source.sentiment === true,
    rating: source.rating === true,
    metadata: source.metadata === true,
  };
}

function infoOf(record: CallRecordV1, displayNumber: (raw: string) => string): ReviewInfo {
  return {
    source: {
      number: displayNumber(record.src_number),
      name: record.src_name,
      internal: record.src_internal,
      type: record.src_type,
    },
    destination: {
      number: displayNumber(record.dst_number),
      name: record.dst_name,
      internal: record.dst_internal,
      type: record.dst_type,
    },
    calldate: record.calldate,
    connected: record.connected,
    disconnected: record.disconnected,
    durationSeconds: record.duration,
    ringSeconds: record.ring_time,
    talkSeconds: record.talk_time,
    holdSeconds: record.hold_time,
    cause: { code: record.cause, label: causeLabel(record.cause) },
    price: record.price,
    recording: record.recording,
    recordingSeconds: record.recording_duration,
    pilotNumber: record.pilot_number && displayNumber(record.pilot_number),
  };
}

/** A Q.850 cause in words; a cause without a name keeps its number. */
export function causeLabel(code: number): string {
  const key = CAUSES[code];
  return key ? t(key) : t('timeline.causeOther', { code });
}

export function stepLabel(type: number): string {
  const key = PATH_STEPS[type];
  return key ? t(key) : t('timeline.stepOther', { type });
}

function v2StateLabel(code: unknown): string {
  const { name } = describeCallState(code);
  const key = V2_STATES[name];
  return key ? t(key) : t('timeline.v2StateUnknown', { code: String(code) });
}

function pathStep(
  step: { date: string; type: number; number: string; name: string },
  displayNumber: (raw: string) => string,
): ReviewPathStep {
  return {
    at: step.date,
    type: step.type,
    label: stepLabel(step.type),
    number: step.number && displayNumber(step.number),
    name: step.name,
  };
}

function queuePassage(passage: NonNullable<CallRecordV1['queues']>[number]): ReviewQueuePassage {
  return {
    queueId: passage.queue_id,
    queueName: passage.queue_name,
    agentName: passage.agent_name,
    teamName: passage.team_name,
    entered: passage.entered,
    queueLength: passage.queue_length,
    waitSeconds: passage.wait_time,
    ringSeconds: passage.ring_time,
    talkSeconds: passage.talk_time,
    holdSeconds: passage.hold_time,
    acwSeconds: passage.acw_time,
    withinServiceLevel: passage.service_level === 1,
    thresholdSeconds: passage.threshold,
    abandoned: passage.abandoned,
    transferred: passage.transferred || passage.transferred_external,
  };
}

function tagOf(tag: CallRecordV1['tags'][number]): ReviewTag {
  return { id: tag.id, name: tag.name ?? null, color: cssColour(tag.color) };
}

function sentimentOf(sentiment: CallRecordV1['sentiment'][number], channel: number): ReviewChannelSentiment {
  return {
    channel,
    positive: sentiment.positive,
    neutral: sentiment.neutral,
    negative: sentiment.negative,
    summary: sentiment.summary,
    score: sentiment.score,
  };
}

function transcriptOf(record: CallRecordV1, withSentiment: boolean): ReviewTranscript | null {
  const segments = record.transcription.flatMap((channel, channelIndex) =>
    channel.map((segment, index) => ({
      channel: channelIndex,
      index,
      begin: segment.begin,
      end: segment.end,
      text: segment.text,
      score: withSentiment ? segment.sentiment.score : null,
    })),
  );
  if (segments.length === 0) return null;
  segments.sort((a, b) => a.begin - b.begin || a.channel - b.channel || a.index - b.index);
  return { channels: record.transcription.length, segments };
}

function v2Part(stored: StoredReview, displayNumber: (raw: string) => string): ReviewPart<ReviewV2Detail> {
  if (stored.v2State === 'shown' && stored.v2) return shown(v2Of(stored.v2, displayNumber));
  if (stored.v2State === 'not-offered') return unavailable(t('timeline.reviewV2NotOffered'));
  return unavailable(t('timeline.reviewV2Pending'));
}

const epochMs = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? Math.round(seconds * 1000) : null;

function v2Of(record: CallRecordV2, displayNumber: (raw: string) => string): ReviewV2Detail {
  return {
    state: v2StateLabel(record.state),
    language: record.language,
    recorded: record.recorded,
    created: epochMs(record.created),
    connected: epochMs(record.connected),
    disconnected: epochMs(record.disconnected),
    abandonedAt: epochMs(typeof record.abandoned === 'number' ? record.abandoned : null),
    ringSeconds: record.ring_time,
    talkSeconds: record.talk_time,
    holdSeconds: record.hold_time,
    waitSeconds: record.wait_time,
    subcalls: record.subcalls,
    caller: {
      number: displayNumber(record.caller_number),
      name: record.caller_name,
      username: record.caller_username,
    },
    called: { number: displayNumber(record.called_number), name: record.called_name },
    connectedParty: record.connected_number
      ? {
          number: displayNumber(record.connected_number),
          name: record.connected_name,
          username: record.connected_username,
        }
      : null,
    path: (record.path ?? []).map((step) => pathStep(step, displayNumber)),
  };
}
