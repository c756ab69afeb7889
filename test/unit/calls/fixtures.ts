/** Builders of GET /call items as the demo PBX sends them, a scripted call source and a spy logger. */
import type { ActiveCall } from '../../../src-main/api/schemas';
import { CALL_STATE_CODES, type CallStateName } from '../../../src-main/api/schemas';
import type { CallListSource } from '../../../src-main/calls/monitor/callMonitor';
import type { Timers } from '../../../src-main/calls/timers';
import { spyLogger } from '../../support/spyLogger';

export const AGENT = { identifier: 'agent-phone', extension: '101', username: 'agent' } as const;

export { spyLogger };

/** Timers that go through the globals at call time, so vi.useFakeTimers() controls them. */
export const globalTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface CallSpec {
  uniqueid: string;
  state: CallStateName | number;
  direction?: 'inbound' | 'outbound';
  /** The other party's number. */
  number?: string;
  name?: string;
  /** UNIX seconds. */
  created?: number;
  connected?: number | null;
  now?: number;
  queueId?: number;
  extra?: Partial<ActiveCall>;
}

/** A GET /call item: inbound calls have the other party as caller, outbound ones the agent's phone. */
export function callItem(spec: CallSpec): ActiveCall {
  const state = typeof spec.state === 'number' ? spec.state : CALL_STATE_CODES[spec.state];
  const number = spec.number ?? '+420777123456';
  const agentParty = {
    caller_channel: `PJSIP/${AGENT.identifier}-0000001a`,
    caller_number: AGENT.extension,
    caller_number_norm: AGENT.extension,
    caller_extension: AGENT.extension,
    caller_username: AGENT.username,
    caller_name: 'Agent',
    caller_internal: true,
  };
  const remoteCaller = {
    caller_channel: 'PJSIP/trunk1-0000001b',
    caller_number: number,
    caller_number_norm: number,
    caller_extension: '',
    caller_username: null,
    caller_name: spec.name ?? '',
    caller_internal: false,
  };
  const outbound = spec.direction === 'outbound';
  return {
    uniqueid: spec.uniqueid,
    state,
    previous_state: 0,
    created: spec.created ?? 1_700_000_000,
    connected: spec.connected ?? null,
    now: spec.now ?? 1_700_000_010,
    queue_id: spec.queueId ?? null,
    data: {},
    ...(outbound ? agentParty : remoteCaller),
    caller_ringing: false,
    autoanswer: false,
    called_number: outbound ? number : AGENT.extension,
    called_number_norm: outbound ? number : AGENT.extension,
    called_number_original: outbound ? number : AGENT.extension,
    called_name: outbound ? (spec.name ?? '') : spec.queueId ? 'Support' : 'Agent',
    ...spec.extra,
  };
}

type Answer = ActiveCall[] | Error | 'hang';

/**
 * A GET /call that answers from a script: each poll takes the next answer (the last one repeats), after
 * `delayMs` when set; 'hang' never answers until aborted. It records each request.
 */
export class ScriptedCallSource implements CallListSource {
  readonly requests: { at: number; timeoutMs: number | undefined }[] = [];
  inFlight = 0;
  maxInFlight = 0;
  delayMs = 0;

  constructor(private readonly answers: Answer[] = [[]]) {}

  /** Replaces the script from the next poll on. */
  script(...answers: Answer[]): void {
    this.answers.splice(0, this.answers.length, ...answers);
  }

  listCalls(
    _selector: unknown,
    options: { signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<ActiveCall[]> {
    this.requests.push({ at: Date.now(), timeoutMs: options.timeoutMs });
    const answer = this.answers.length > 1 ? this.answers.shift()! : this.answers[0]!;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    return new Promise<ActiveCall[]>((resolve, reject) => {
      options.signal?.addEventListener('abort', () => reject(options.signal?.reason), { once: true });
      if (answer === 'hang') return;
      const settle = () => (answer instanceof Error ? reject(answer) : resolve(answer));
      if (this.delayMs > 0) setTimeout(settle, this.delayMs);
      else settle();
    }).finally(() => this.inFlight--);
  }
}
