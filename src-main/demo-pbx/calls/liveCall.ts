/** The simulator's own view of a call, from which the API's records (v1, v2, GET /call items) are built. */
import { CALL_STATE_CODES, type CallMetadata, type CallStateCode } from '../../api/schemas';
import type { TimerId } from '../clock';
import type { CallDirection } from './callDirection';
import type { CallQueue } from './directory';
import type { PhoneSnapshot } from './phoneSnapshot';
import type { RemoteParty } from './remote';
import type { ScenarioLanguage } from './scenario';

/**
 * Path entry type codes (the API leaves them open; see docs/pbx-api.md (Call records: decisions)): the call
 * entered the PBX, entered a queue, rang a phone, was answered, held, resumed, hung up, or the PBX dialled
 * out.
 */
export const PATH_TYPES = {
  entered: 1,
  queued: 2,
  ringing: 3,
  answered: 4,
  held: 5,
  resumed: 6,
  hungUp: 7,
  dialled: 8,
} as const;

export interface PathEvent {
  atMs: number;
  type: (typeof PATH_TYPES)[keyof typeof PATH_TYPES];
  number: string;
  name: string;
}

/** Q.850-style cause codes (the API does not give their meanings; these are the usual ones). */
export const CAUSES = { normalClearing: 16, noAnswer: 19, rejected: 21, normalUnspecified: 31 } as const;

export interface QueueEntry {
  /** Callers already waiting. */
  length: number;
  agents: { idle: number; ringing: number; talking: number; acw: number; aux: number };
}

export interface LiveCall {
  /** Sequence number since the engine started; also the v2 `id`. */
  seq: number;
  uniqueid: string;
  direction: CallDirection;
  /** The PBX phone taking part (for inbound calls: the one rung; outbound: the one that dialled). */
  phone: PhoneSnapshot;
  remote: RemoteParty;
  /** The number that was dialled, cleaned: the queue or extension for inbound calls, `to` for outbound ones. */
  dialled: string;
  /** The dialled number as given (`to` with its spaces, `+`, `00`…). */
  dialledOriginal: string;
  queue: CallQueue | null;
  /** The queue as the caller found it on entering. */
  queueEntry: QueueEntry | null;
  language: ScenarioLanguage;
  state: CallStateCode;
  previousState: CallStateCode;
  /** Click-to-dial: the agent's phone answers its own leg automatically. */
  autoanswer: boolean;
  createdMs: number;
  queueEnteredMs: number | null;
  /** When the phone (inbound) or the destination (outbound) started ringing. */
  ringingMs: number | null;
  connectedMs: number | null;
  endedMs: number | null;
  holdMs: number;
  heldSinceMs: number | null;
  /** The caller gave up (or the ring timed out) before anyone answered. */
  abandoned: boolean;
  cause: number;
  path: PathEvent[];
  metadata: CallMetadata;
  /** The simulator's next automatic step for this call (pickup, remote answer, ring timeout, hang up). */
  pendingTimer: TimerId | null;
}

/** What a new call is made of; everything else starts empty. */
export type NewLiveCall = Pick<
  LiveCall,
  | 'seq'
  | 'createdMs'
  | 'direction'
  | 'phone'
  | 'remote'
  | 'dialled'
  | 'dialledOriginal'
  | 'queue'
  | 'queueEntry'
  | 'language'
  | 'metadata'
>;

/** A new call in state idle, its path starting with the call entering the PBX. */
export function createLiveCall(init: NewLiveCall): LiveCall {
  const { createdMs } = init;
  const caller = init.direction === 'inbound' ? init.remote : null;
  return {
    seq: init.seq,
    uniqueid: `${Math.floor(createdMs / 1000)}.${init.seq}`,
    direction: init.direction,
    phone: init.phone,
    remote: init.remote,
    dialled: init.dialled,
    dialledOriginal: init.dialledOriginal,
    queue: init.queue,
    queueEntry: init.queueEntry,
    language: init.language,
    state: CALL_STATE_CODES.idle,
    previousState: CALL_STATE_CODES.idle,
    autoanswer: init.direction === 'outbound',
    createdMs,
    queueEnteredMs: null,
    ringingMs: null,
    connectedMs: null,
    endedMs: null,
    holdMs: 0,
    heldSinceMs: null,
    abandoned: false,
    cause: 0,
    path: [
      {
        atMs: createdMs,
        type: PATH_TYPES.entered,
        number: caller?.number ?? init.phone.extension,
        name: caller?.name ?? init.phone.user?.displayname ?? '',
      },
    ],
    metadata: init.metadata,
    pendingTimer: null,
  };
}
