/**
 * Builds the API's call shapes from the simulator's calls: the version-2 record (also the item of GET /call)
 * for ongoing and ended calls, and the version-1 record with its options for ended ones.
 */
import {
  CALL_STATE_CODES,
  TRANSCRIPTION_STATUS,
  type CallRecordV1,
  type CallRecordV2,
  type CallTag,
  type QueuePassage,
} from '../../api/schemas';
import type { CallContent } from './conversation';
import type { CallDirectory } from './directory';
import type { LiveCall, PathEvent } from './liveCall';
import { answeringParty, destinationParty, sourceParty, type PartyView } from './parties';
import {
  holdSeconds,
  localDateTime,
  ringSeconds,
  talkSeconds,
  totalSeconds,
  unixTime,
  unixTimeOrNull,
  waitSeconds,
} from './timing';

/** A call that has ended, with what the PBX keeps about it. */
export interface EndedCall {
  call: LiveCall;
  recorded: boolean;
  /** The AI results, generated when the call ended; shown once transcription is done. */
  content: CallContent | null;
  tagIds: number[];
  /** After-call work of the agent (queue calls). */
  acwSeconds: number;
}

export interface RecordContext {
  directory: CallDirectory;
  nowMs: number;
  /** How long transcription takes after the call ends: status 1, then 2 halfway, then 3. */
  transcribeAfterMs: number;
}

export interface RecordV1Options {
  path: boolean;
  queue: boolean;
  resolveTags: boolean;
}

/** Answered within this many seconds counts towards a queue passage's service level. */
export const SERVICE_LEVEL_THRESHOLD_SECONDS = 20;
/** Price of an outgoing external call per started minute (the API names no currency). */
const PRICE_PER_MINUTE = 0.04;

const wholeSeconds = (seconds: number) => Math.round(seconds);
const precise = (seconds: number) => Math.round(seconds * 1000) / 1000;

export function transcriptionStatus(ended: EndedCall, context: RecordContext): number {
  if (!ended.recorded || ended.call.endedMs === null) return TRANSCRIPTION_STATUS.notRequested;
  const elapsed = context.nowMs - ended.call.endedMs;
  if (elapsed >= context.transcribeAfterMs) return TRANSCRIPTION_STATUS.done;
  return elapsed >= context.transcribeAfterMs / 2
    ? TRANSCRIPTION_STATUS.pending
    : TRANSCRIPTION_STATUS.requested;
}

export function buildRecordV1(
  ended: EndedCall,
  context: RecordContext,
  options: RecordV1Options,
): CallRecordV1 {
  const { call } = ended;
  const { nowMs, directory } = context;
  const trunkId = directory.trunkId();
  const src = sourceParty(call, trunkId);
  const dst = destinationParty(call, trunkId);
  const talk = wholeSeconds(talkSeconds(call, nowMs));
  const hold = wholeSeconds(holdSeconds(call, nowMs));
  const status = transcriptionStatus(ended, context);
  const ready = status === TRANSCRIPTION_STATUS.done && ended.content !== null;
  const content = ready ? ended.content : null;
  const external = !src.internal || !dst.internal;
  return {
    uniqueid: call.uniqueid,
    price: priceOf(call, talk + hold, dst),
    duration: wholeSeconds(totalSeconds(call, nowMs)),
    src_number: src.number,
    src_name: src.name,
    dst_number: dst.number,
    dst_name: dst.name,
    src_internal: src.internal,
    dst_internal: dst.internal,
    calldate: localDateTime(call.createdMs),
    connected: call.connectedMs === null ? null : localDateTime(call.connectedMs),
    disconnected: call.endedMs === null ? null : localDateTime(call.endedMs),
    src_extension_id: src.extensionId,
    dst_extension_id: dst.extensionId,
    src_user_id: src.userId,
    dst_user_id: dst.userId,
    trunk_id: external ? trunkId : null,
    src_type: src.type,
    dst_type: dst.type,
    xfer_users: null,
    metadata: { ...call.metadata },
    src_group_id: src.groupId,
    dst_group_id: dst.groupId,
    pilot_number: call.dialled,
    ring_time: wholeSeconds(ringSeconds(call, nowMs)),
    talk_time: talk,
    hold_time: hold,
    cause: call.cause,
    recording: ended.recorded,
    recording_duration: ended.recorded ? talk + hold : 0,
    ...(options.path ? { path: call.path.map((event) => pathEntry(event, localDateTime)) } : {}),
    ...(options.queue ? { queues: queuePassages(ended, context) } : {}),
    transcription_status: status,
    summary: content?.summary ?? '',
    sentiment: content?.sentiment ?? [],
    rating: content?.rating ?? null,
    rating_justification: content?.ratingJustification ?? '',
    transcription: content?.transcription ?? [],
    tags: tagsOf(ended.tagIds, directory, options.resolveTags),
  };
}

function priceOf(call: LiveCall, billedSeconds: number, dst: PartyView): number {
  if (call.direction !== 'outbound' || dst.internal || billedSeconds === 0) return 0;
  return Math.round(Math.ceil(billedSeconds / 60) * PRICE_PER_MINUTE * 100) / 100;
}

function pathEntry(event: PathEvent, formatDate: (ms: number) => string) {
  return { date: formatDate(event.atMs), type: event.type, number: event.number, name: event.name };
}

function tagsOf(tagIds: number[], directory: CallDirectory, resolve: boolean): CallTag[] {
  if (!resolve) return tagIds.map((id) => ({ id }));
  const known = new Map(directory.tags().map((tag) => [tag.id, tag]));
  return tagIds.map((id) => {
    const tag = known.get(id);
    return tag ? { id, name: tag.name, color: tag.color } : { id };
  });
}

function queuePassages(ended: EndedCall, context: RecordContext): QueuePassage[] {
  const { call } = ended;
  if (!call.queue || call.queueEnteredMs === null) return [];
  const { queue } = call;
  const groupName = (id: number | null | undefined) =>
    id == null ? null : (context.directory.group(id)?.name ?? '');
  // The agent the queue offered the call to, if it got that far.
  const agent = call.ringingMs === null ? null : call.phone.user;
  const wait = waitSeconds(call, context.nowMs);
  const answered = call.connectedMs !== null;
  const entry = call.queueEntry ?? { length: 0, agents: { idle: 0, ringing: 0, talking: 0, acw: 0, aux: 0 } };
  return [
    {
      id: call.seq,
      uniqueid: call.uniqueid,
      queue_id: queue.id,
      queue_name: queue.name,
      queue_group_id: queue.groupId,
      queue_group_name: groupName(queue.groupId) ?? '',
      agent_id: agent?.id ?? null,
      agent_name: agent?.displayname ?? null,
      agent_group_id: agent?.groupId ?? null,
      agent_group_name: groupName(agent?.groupId),
      team_id: agent?.team?.id ?? null,
      team_name: agent?.team?.name ?? null,
      entered: localDateTime(call.queueEnteredMs),
      queue_length: entry.length,
      service_level: answered && wait <= SERVICE_LEVEL_THRESHOLD_SECONDS ? 1 : 0,
      threshold: SERVICE_LEVEL_THRESHOLD_SECONDS,
      wait_time: wholeSeconds(wait),
      ring_time: wholeSeconds(ringSeconds(call, context.nowMs)),
      talk_time: wholeSeconds(talkSeconds(call, context.nowMs)),
      hold_time: wholeSeconds(holdSeconds(call, context.nowMs)),
      acw_time: answered ? ended.acwSeconds : 0,
      transferred: false,
      transferred_external: false,
      overflow_queue_id: null,
      agent_status: agent ? 1 : 0,
      agent_reason: '',
      agent_status_changed: false,
      agents_idle: entry.agents.idle,
      agents_ringing: entry.agents.ringing,
      agents_talking: entry.agents.talking,
      agents_acw: entry.agents.acw,
      agents_aux: entry.agents.aux,
      abandoned: call.abandoned,
    },
  ];
}

/** The version-2 record: the detail of `{auth_url}/api/v2.0/call/{uniqueid}` and, without path, GET /call items. */
export function buildRecordV2(
  call: LiveCall,
  context: Pick<RecordContext, 'directory' | 'nowMs'>,
  options: { path: boolean; recorded: boolean },
): CallRecordV2 {
  const { nowMs, directory } = context;
  const trunkId = directory.trunkId();
  const caller = sourceParty(call, trunkId);
  const answered = answeringParty(call, trunkId);
  const ended = call.state === CALL_STATE_CODES.ended;
  const dialledExternal = call.direction === 'outbound' && call.remote.kind === 'external';
  return {
    id: call.seq,
    state: call.state,
    previous_state: call.previousState,
    cause: ended ? call.cause : 0,
    uniqueid: call.uniqueid,
    recorded: options.recorded,
    autoanswer: call.autoanswer,
    queue_id: call.queue?.id ?? null,
    queue_type: call.queue?.type ?? null,
    queue_enter: unixTimeOrNull(call.queueEnteredMs),
    abandoned: call.abandoned && call.endedMs !== null ? unixTime(call.endedMs) : null,
    data: { ...call.metadata },
    outbound_id: null,
    via_outbound: null,
    spy: 0,
    // Click-to-dial has a second leg: the PBX calls the agent's phone, then the destination.
    subcalls: call.direction === 'outbound' && call.ringingMs !== null ? 1 : 0,
    language: call.language,
    now: unixTime(nowMs),
    created: unixTime(call.createdMs),
    connected: unixTimeOrNull(call.connectedMs),
    disconnected: unixTimeOrNull(call.endedMs),
    ring_time: precise(ringSeconds(call, nowMs)),
    talk_time: precise(talkSeconds(call, nowMs)),
    hold_time: precise(holdSeconds(call, nowMs)),
    wait_time: precise(waitSeconds(call, nowMs)),
    dialer_id: null,
    dialer_lead_id: null,
    dialer_lead_connected: false,
    xfer_original: null,
    xfer_uniqueids: [],
    xfer_users: [],
    xfer_groups: [],
    ...(options.path ? { path: call.path.map((event) => pathEntry(event, isoUtc)) } : {}),
    caller_channel: caller.channel ?? '',
    caller_muted: false,
    caller_number: caller.number,
    caller_number_norm: caller.numberNorm,
    caller_number_outside: caller.internal ? null : caller.number,
    caller_extension: caller.extension,
    caller_extension_id: caller.extensionId,
    caller_name: caller.name,
    caller_internal: caller.internal,
    caller_line_id: caller.internal ? 1 : null,
    caller_user_id: caller.userId,
    caller_group_id: caller.groupId,
    caller_username: caller.username,
    caller_type: caller.type,
    // Click-to-dial rings the agent's own phone first.
    caller_ringing: call.direction === 'outbound' && call.state === CALL_STATE_CODES.ringing,
    called_number: call.dialled,
    called_number_norm: calledNorm(call),
    called_number_original: call.dialledOriginal,
    called_number_original_norm: calledNorm(call),
    called_number_outside: dialledExternal ? call.dialled : null,
    called_name: calledName(call),
    called_lines: ringingLines(call),
    connected_channel: answered?.channel ?? null,
    connected_muted: false,
    connected_number: answered?.number ?? '',
    connected_number_norm: answered?.numberNorm ?? '',
    connected_name: answered?.name ?? '',
    connected_extension_id: answered?.extensionId ?? null,
    connected_internal: answered?.internal ?? false,
    connected_line_id: answered?.internal ? 1 : null,
    connected_user_id: answered?.userId ?? null,
    connected_group_id: answered?.groupId ?? call.phone.groupId,
    connected_username: answered?.username ?? null,
    connected_type: answered?.type ?? '',
  };
}

const isoUtc = (ms: number) => new Date(ms).toISOString();

function calledNorm(call: LiveCall): string {
  return call.direction === 'outbound' ? call.remote.numberNorm : call.dialled;
}

function calledName(call: LiveCall): string {
  if (call.direction === 'outbound') return call.remote.name;
  return call.queue?.name ?? call.phone.user?.displayname ?? call.phone.extension;
}

/** The lines an inbound call is ringing right now. */
function ringingLines(call: LiveCall): string[] {
  const ringing = call.direction === 'inbound' && call.state === CALL_STATE_CODES.ringing;
  return ringing ? [call.phone.identifier] : [];
}
