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

/** Q.850 cause codes a call record commonly carries. */
const CAUSES: Record<number, string> = {
  1: 'Unallocated number',
  16: 'Normal call clearing',
  17: 'User busy',
  18: 'No user responding',
  19: 'No answer',
  21: 'Call rejected',
  27: 'Destination out of order',
  28: 'Invalid number format',
  31: 'Normal, unspecified',
  34: 'No circuit available',
  38: 'Network out of order',
  41: 'Temporary failure',
  127: 'Interworking, unspecified',
};

/** Path entry types. The API document does not give them; these are the demo PBX's (docs/pbx-api.md). */
const PATH_STEPS: Record<number, string> = {
  1: 'Entered the PBX',
  2: 'Entered a queue',
  3: 'Rang a phone',
  4: 'Answered',
  5: 'Put on hold',
  6: 'Resumed',
  7: 'Hung up',
  8: 'The PBX dialled out',
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
    message: stored.message,
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
): CallReview {
  const fetch = fetchStatusOf(stored);
  const record = stored?.record ?? null;
  const permissions =
    stored?.permissions && agent && stored.permissionsAgent === agent
      ? permissionsOf(stored.permissions)
      : null;
  if (!record) {
    const reason = fetch.message ?? 'The call record has not arrived from the PBX yet.';
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
        record.recording ? 'Transcription was not requested for this call.' : 'The call was not recorded.',
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
    info: info ? shown(infoOf(record)) : hidden,
    path: info ? shown((record.path ?? []).map((step) => pathStep(step))) : hidden,
    queues: info ? shown((record.queues ?? []).map(queuePassage)) : hidden,
    tags: info ? shown(record.tags.map(tagOf)) : hidden,
    rating: ai(
      permissions.rating,
      () =>
        record.rating === null ? null : { stars: record.rating, justification: record.rating_justification },
      'The PBX gave no rating for this call.',
    ),
    summary: ai(
      permissions.summary,
      () => record.summary.trim() || null,
      'The PBX gave no summary for this call.',
    ),
    sentiment: ai(
      permissions.sentiment,
      () => (record.sentiment.length ? record.sentiment.map(sentimentOf) : null),
      'The PBX gave no sentiment for this call.',
    ),
    transcript: ai(
      permissions.transcription,
      () => transcriptOf(record, permissions.sentiment),
      'The PBX returned an empty transcript.',
    ),
    metadata: permissions.metadata ? shown({ ...record.metadata }) : hidden,
    v2: info ? v2Part(stored!) : hidden,
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

function infoOf(record: CallRecordV1): ReviewInfo {
  return {
    source: {
      number: record.src_number,
      name: record.src_name,
      internal: record.src_internal,
      type: record.src_type,
    },
    destination: {
      number: record.dst_number,
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
    cause: { code: record.cause, label: CAUSES[record.cause] ?? `Cause ${record.cause}` },
    price: record.price,
    recording: record.recording,
    recordingSeconds: record.recording_duration,
    pilotNumber: record.pilot_number,
  };
}

function pathStep(step: { date: string; type: number; number: string; name: string }): ReviewPathStep {
  return {
    at: step.date,
    type: step.type,
    label: PATH_STEPS[step.type] ?? `Step ${step.type}`,
    number: step.number,
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

function v2Part(stored: StoredReview): ReviewPart<ReviewV2Detail> {
  if (stored.v2State === 'shown' && stored.v2) return shown(v2Of(stored.v2));
  if (stored.v2State === 'not-offered')
    return unavailable('This PBX does not offer the version-2 call detail.');
  return unavailable('The version-2 call detail has not been fetched yet.');
}

const epochMs = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? Math.round(seconds * 1000) : null;

function v2Of(record: CallRecordV2): ReviewV2Detail {
  return {
    state: describeCallState(record.state).label,
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
    caller: { number: record.caller_number, name: record.caller_name, username: record.caller_username },
    called: { number: record.called_number, name: record.called_name },
    connectedParty: record.connected_number
      ? { number: record.connected_number, name: record.connected_name, username: record.connected_username }
      : null,
    path: (record.path ?? []).map((step) => pathStep(step)),
  };
}
