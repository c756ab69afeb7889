/** Calls: control requests, ongoing calls, call records v1 and v2, permissions and metadata. */
import { z } from 'zod';
import {
  fieldPerName,
  Id,
  IdOrZero,
  Int,
  IntOrZero,
  NumberOrZero,
  PhoneSelector,
  QueryFlag,
  Unknown,
} from './common';
import { withFallback } from './withFallback';
import { UNIQUEID_PATTERN } from '../../shared/limits';

// ---- Call control -------------------------------------------------------------------------------------

export const PlaceCallRequest = z.intersection(
  PhoneSelector,
  z.object({
    to: z.string().trim().min(1, 'to (the number to dial) is required').max(64, 'to is too long'),
    data: z.record(z.string(), Unknown).optional(),
  }),
);
export type PlaceCallRequest = z.infer<typeof PlaceCallRequest>;

/** The states PATCH /call accepts; anything else is a business error. */
export const CALL_CONTROL_STATES = ['answer', 'held', 'resumed'] as const;
export const CallControlState = z.enum(CALL_CONTROL_STATES);
export type CallControlState = z.infer<typeof CallControlState>;

export const ControlCallRequest = z.intersection(PhoneSelector, z.object({ state: z.string() }));
export type ControlCallRequest = { state: CallControlState } & PhoneSelector;

// ---- Call state codes ---------------------------------------------------------------------------------

/**
 * The one mapping of the integer `state` / `previous_state` codes. The API does not give their meaning;
 * docs/pbx-api.md (Decisions where the API is silent) records this one, and the demo PBX uses the same table.
 */
export const CALL_STATES = {
  0: 'idle',
  1: 'ringing',
  2: 'dialing',
  3: 'connected',
  4: 'held',
  5: 'queued',
  6: 'ended',
} as const;
export type CallStateName = (typeof CALL_STATES)[keyof typeof CALL_STATES];
export type CallStateCode = keyof typeof CALL_STATES;

export const CALL_STATE_CODES = Object.fromEntries(
  Object.entries(CALL_STATES).map(([code, name]) => [name, Number(code)]),
) as { [N in CallStateName]: CallStateCode };

/** A state code as a name; unknown codes become `unknown` with a label like "unknown (9)", never a crash. */
export function describeCallState(code: unknown): { name: CallStateName | 'unknown'; label: string } {
  if (typeof code === 'number' && code in CALL_STATES) {
    const name = CALL_STATES[code as CallStateCode];
    return { name, label: name };
  }
  // i18n-exempt: a code, not text: the window words it through control.stateUnknownCode
  return { name: 'unknown', label: `unknown (${String(code)})` };
}

// ---- Call record, version 2 (also the shape of GET /call items) ----------------------------------------

const Timestamp = z.number().nullable();

export const PathEntryV2 = z.looseObject({
  date: z.string(),
  type: IntOrZero,
  number: z.string(),
  name: z.string(),
});

const callerBlock = {
  caller_channel: z.string(),
  caller_muted: z.boolean(),
  caller_number: z.string(),
  caller_number_norm: z.string(),
  caller_number_outside: z.string().nullable(),
  caller_extension: z.string(),
  caller_extension_id: Id.nullable(),
  caller_name: z.string(),
  caller_internal: z.boolean(),
  caller_line_id: Unknown,
  caller_user_id: Id.nullable(),
  caller_group_id: IdOrZero,
  caller_username: z.string().nullable(),
  caller_type: z.string(),
  caller_ringing: z.boolean(),
};

const calledBlock = {
  called_number: z.string(),
  called_number_norm: z.string(),
  called_number_original: z.string(),
  called_number_original_norm: z.string(),
  called_number_outside: z.string().nullable(),
  called_name: z.string(),
  called_lines: z.array(Unknown),
};

const connectedBlock = {
  connected_channel: z.string().nullable(),
  connected_muted: z.boolean(),
  connected_number: z.string(),
  connected_number_norm: z.string(),
  connected_name: z.string(),
  connected_extension_id: Id.nullable(),
  connected_internal: z.boolean(),
  connected_line_id: Unknown,
  connected_user_id: Id.nullable(),
  connected_group_id: IdOrZero,
  connected_username: z.string().nullable(),
  connected_type: z.string(),
};

export const CallRecordV2 = z.looseObject({
  id: IdOrZero,
  state: Int,
  previous_state: IntOrZero,
  cause: IntOrZero,
  uniqueid: z.string().min(1),
  recorded: z.boolean(),
  autoanswer: z.boolean(),
  queue_id: Id.nullable(),
  queue_type: Int.nullable(),
  queue_enter: Timestamp,
  abandoned: Unknown,
  data: z.record(z.string(), Unknown),
  outbound_id: Unknown,
  via_outbound: Unknown,
  spy: IntOrZero,
  subcalls: IntOrZero,
  language: z.string(),
  now: NumberOrZero,
  created: Timestamp,
  connected: Timestamp,
  disconnected: Timestamp,
  ring_time: NumberOrZero,
  talk_time: NumberOrZero,
  hold_time: NumberOrZero,
  wait_time: NumberOrZero,
  dialer_id: Int.nullable(),
  dialer_lead_id: Int.nullable(),
  dialer_lead_connected: z.boolean(),
  xfer_original: Unknown,
  xfer_uniqueids: z.array(Unknown),
  xfer_users: z.array(Unknown),
  xfer_groups: z.array(Unknown),
  path: z.array(PathEntryV2).optional(),
  ...callerBlock,
  ...calledBlock,
  ...connectedBlock,
});
export type CallRecordV2 = z.infer<typeof CallRecordV2>;

/**
 * An item of GET /call. The API does not show its fields; the demo PBX sends the version-2 shape, and the
 * client reads it leniently: only `uniqueid` and `state` are required.
 */
export const ActiveCall = CallRecordV2.partial().extend({ uniqueid: z.string().min(1), state: Int });
export type ActiveCall = z.infer<typeof ActiveCall>;

// ---- Call record, version 1 ----------------------------------------------------------------------------

export const CallDetailQuery = z.object({
  path: QueryFlag.optional(),
  queue: QueryFlag.optional(),
  resolve_tags: QueryFlag.optional(),
});
export type CallDetailQuery = z.infer<typeof CallDetailQuery>;

export const CallDetailV2Query = z.object({ path: QueryFlag.optional() });

export const PathEntryV1 = z.looseObject({
  date: z.string(),
  type: IntOrZero,
  number: z.string(),
  name: z.string(),
});
export type PathEntryV1 = z.infer<typeof PathEntryV1>;

export const QueuePassage = z.looseObject({
  id: Id,
  uniqueid: z.string(),
  queue_id: IdOrZero,
  queue_name: z.string(),
  queue_group_id: IdOrZero,
  queue_group_name: z.string(),
  agent_id: Id.nullable(),
  agent_name: z.string().nullable(),
  agent_group_id: Id.nullable(),
  agent_group_name: z.string().nullable(),
  team_id: Id.nullable(),
  team_name: z.string().nullable(),
  entered: z.string(),
  queue_length: IntOrZero,
  service_level: IntOrZero,
  threshold: IntOrZero,
  wait_time: IntOrZero,
  ring_time: IntOrZero,
  talk_time: IntOrZero,
  hold_time: IntOrZero,
  acw_time: IntOrZero,
  transferred: z.boolean(),
  transferred_external: z.boolean(),
  overflow_queue_id: Id.nullable(),
  agent_status: IntOrZero,
  agent_reason: z.string(),
  agent_status_changed: z.boolean(),
  agents_idle: IntOrZero,
  agents_ringing: IntOrZero,
  agents_talking: IntOrZero,
  agents_acw: IntOrZero,
  agents_aux: IntOrZero,
  abandoned: z.boolean(),
});
export type QueuePassage = z.infer<typeof QueuePassage>;

/** 0 not requested, 1 requested, 2 pending, 3 done. */
export const TRANSCRIPTION_STATUS = { notRequested: 0, requested: 1, pending: 2, done: 3 } as const;

/** 1–5; an unreadable score reads as 3 (neutral), so a channel keeps its place and a transcript line its text. */
const Score = withFallback(Int.min(1).max(5), 3);

export const ChannelSentiment = z.looseObject({
  positive: NumberOrZero,
  negative: NumberOrZero,
  neutral: NumberOrZero,
  summary: NumberOrZero,
  score: Score,
});
export type ChannelSentiment = z.infer<typeof ChannelSentiment>;

export const TranscriptSegment = z.looseObject({
  begin: NumberOrZero,
  end: NumberOrZero,
  text: z.string(),
  sentiment: z.looseObject({ score: Score }),
});
export type TranscriptSegment = z.infer<typeof TranscriptSegment>;

/** `resolve_tags=1` adds name and colour to the basic id. */
export const CallTag = z.looseObject({ id: Id, name: z.string().optional(), color: z.string().optional() });
export type CallTag = z.infer<typeof CallTag>;

const DateTime = z.string(); // local `YYYY-MM-DD HH:MM:SS`

export const CallRecordV1 = z.looseObject({
  uniqueid: z.string().min(1),
  price: NumberOrZero,
  duration: IntOrZero,
  src_number: z.string(),
  src_name: z.string(),
  dst_number: z.string(),
  dst_name: z.string(),
  src_internal: z.boolean(),
  dst_internal: z.boolean(),
  calldate: DateTime,
  connected: DateTime.nullable(),
  disconnected: DateTime.nullable(),
  src_extension_id: Id.nullable(),
  dst_extension_id: Id.nullable(),
  src_user_id: Id.nullable(),
  dst_user_id: Id.nullable(),
  trunk_id: Id.nullable(),
  src_type: z.string(),
  dst_type: z.string(),
  xfer_users: z.array(Unknown).nullable(),
  metadata: z.record(z.string(), Unknown),
  src_group_id: IdOrZero,
  dst_group_id: IdOrZero,
  pilot_number: z.string(),
  ring_time: IntOrZero,
  talk_time: IntOrZero,
  hold_time: IntOrZero,
  cause: IntOrZero,
  recording: z.boolean(),
  recording_duration: IntOrZero,
  path: z.array(PathEntryV1).optional(),
  queues: z.array(QueuePassage).optional(),
  transcription_status: IntOrZero,
  summary: z.string(),
  sentiment: z.array(ChannelSentiment),
  rating: Int.min(1).max(5).nullable(),
  rating_justification: z.string(),
  transcription: z.array(z.array(TranscriptSegment)),
  tags: z.array(CallTag),
});
export type CallRecordV1 = z.infer<typeof CallRecordV1>;

// ---- Permissions and metadata ---------------------------------------------------------------------------

export const CALL_PERMISSIONS = [
  'info',
  'playback',
  'download',
  'transcription',
  'summary',
  'sentiment',
  'rating',
  'metadata',
] as const;
export const CallPermissions = z.looseObject(fieldPerName(CALL_PERMISSIONS, z.boolean()));
export type CallPermissions = z.infer<typeof CallPermissions>;

/** Arbitrary key/value metadata of a call. An update is differential: a null value deletes the key. */
export const CallMetadata = z.record(z.string(), Unknown);
export type CallMetadata = z.infer<typeof CallMetadata>;

/** `<unix start>.<sequence>`: also the guard against path injection when a uniqueid goes into a URL. */
export const UniqueId = z.string().regex(UNIQUEID_PATTERN, 'uniqueid must look like 1700000000.42');
