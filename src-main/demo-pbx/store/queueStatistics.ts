/**
 * Queue statistics of /queues and /queue/{id}. The call engine reports what happens to queue calls through
 * `QueueActivity` (push, four facts); this module keeps the live state and the day's counters, and derives
 * every documented figure from them and from the agents' membership and status.
 */
import type { Queue, QueueDetail } from '../../api/schemas';

/** What the call engine reports. Times are the simulated clock's epoch milliseconds. */
export interface QueueActivity {
  /** A caller entered the queue and waits. */
  callEntered(call: { queueId: number; uniqueid: string; number: string; name: string; atMs: number }): void;
  /** The call rings an agent (null: no agent chosen yet); a waiting call becomes a ringing one. */
  callRinging(uniqueid: string, agentUserId: number | null): void;
  /** An agent answered: the call stops waiting and talks. */
  callAnswered(uniqueid: string, agentUserId: number | null, atMs: number): void;
  /** The call left the queue: hung up while waiting (`abandoned`), sent on (`overflowed`) or ended after talking. */
  callLeft(uniqueid: string, atMs: number, outcome: 'abandoned' | 'overflowed' | 'ended'): void;
}

export interface QueueConfig {
  id: number;
  group_id: number;
  active: boolean;
  type: 0 | 1 | 2 | 3;
  number: string;
  name: string;
  /** Answered within this many seconds counts as within the service level. */
  serviceLevelSeconds: number;
  /** Working hours in the PBX's local time; null: always open. */
  workingHours: { days: readonly number[]; fromHour: number; toHour: number } | null;
}

/** Who serves the queue right now, from membership, agent status and calls in progress. */
export interface QueueAgents {
  /** Members that are logged in, not suspended and not in an unavailability (aux) state. */
  readyMembers(queueId: number): number[];
  /** Members that are logged in but in an aux state. */
  auxMembers(queueId: number): number[];
  /** Agents busy on any call, so they are not counted as idle. */
  busyAgents(): ReadonlySet<number>;
}

interface LiveCall {
  queueId: number;
  uniqueid: string;
  number: string;
  name: string;
  enteredMs: number;
  phase: 'waiting' | 'ringing' | 'talking';
  agentUserId: number | null;
  answeredMs: number | null;
}

interface Counters {
  answered: number;
  overflowed: number;
  abandoned: number;
  abandonedInThreshold: number;
  answeredInService: number;
  answeredInWorkHours: number;
  answeredInWorkAndSl: number;
  abandonedInWorkHours: number;
  abandonedInWorkAndSl: number;
  talkSeconds: number;
  waitSeconds: number;
  answeredWaitSeconds: number;
  lastEnterMs: number;
  lastAnswerMs: number;
}

const emptyCounters = (): Counters => ({
  answered: 0,
  overflowed: 0,
  abandoned: 0,
  abandonedInThreshold: 0,
  answeredInService: 0,
  answeredInWorkHours: 0,
  answeredInWorkAndSl: 0,
  abandonedInWorkHours: 0,
  abandonedInWorkAndSl: 0,
  talkSeconds: 0,
  waitSeconds: 0,
  answeredWaitSeconds: 0,
  lastEnterMs: 0,
  lastAnswerMs: 0,
});

/** Whether `atMs` falls into the queue's working hours, in the PBX's local time. */
export function isWorkingTime(queue: QueueConfig, atMs: number): boolean {
  if (!queue.workingHours) return true;
  const local = new Date(atMs);
  const { days, fromHour, toHour } = queue.workingHours;
  const hour = local.getHours() + local.getMinutes() / 60;
  return days.includes(local.getDay()) && hour >= fromHour && hour < toHour;
}

export class QueueStatistics implements QueueActivity {
  private readonly live = new Map<string, LiveCall>();
  private readonly counters = new Map<number, Counters>();

  constructor(
    private readonly queueConfig: (id: number) => QueueConfig | undefined,
    private readonly agents: QueueAgents,
    private readonly now: () => number,
  ) {}

  callEntered(call: { queueId: number; uniqueid: string; number: string; name: string; atMs: number }): void {
    this.live.set(call.uniqueid, {
      queueId: call.queueId,
      uniqueid: call.uniqueid,
      number: call.number,
      name: call.name,
      enteredMs: call.atMs,
      phase: 'waiting',
      agentUserId: null,
      answeredMs: null,
    });
    const counters = this.countersOf(call.queueId);
    counters.lastEnterMs = Math.max(counters.lastEnterMs, call.atMs);
  }

  callRinging(uniqueid: string, agentUserId: number | null): void {
    const call = this.live.get(uniqueid);
    if (!call || call.phase === 'talking') return;
    call.phase = 'ringing';
    call.agentUserId = agentUserId;
  }

  callAnswered(uniqueid: string, agentUserId: number | null, atMs: number): void {
    const call = this.live.get(uniqueid);
    if (!call || call.phase === 'talking') return;
    const queue = this.queueConfig(call.queueId);
    const counters = this.countersOf(call.queueId);
    const waitSeconds = Math.max(0, Math.round((atMs - call.enteredMs) / 1000));
    const inService = queue ? waitSeconds <= queue.serviceLevelSeconds : false;
    const inWork = queue ? isWorkingTime(queue, call.enteredMs) : true;
    counters.answered++;
    counters.answeredWaitSeconds += waitSeconds;
    counters.waitSeconds += waitSeconds;
    if (inService) counters.answeredInService++;
    if (inWork) counters.answeredInWorkHours++;
    if (inWork && inService) counters.answeredInWorkAndSl++;
    counters.lastAnswerMs = Math.max(counters.lastAnswerMs, atMs);
    Object.assign(call, { phase: 'talking', agentUserId, answeredMs: atMs });
  }

  callLeft(uniqueid: string, atMs: number, outcome: 'abandoned' | 'overflowed' | 'ended'): void {
    const call = this.live.get(uniqueid);
    if (!call) return;
    this.live.delete(uniqueid);
    const counters = this.countersOf(call.queueId);
    if (call.answeredMs !== null) {
      counters.talkSeconds += Math.max(0, Math.round((atMs - call.answeredMs) / 1000));
      return;
    }
    const waitSeconds = Math.max(0, Math.round((atMs - call.enteredMs) / 1000));
    counters.waitSeconds += waitSeconds;
    if (outcome === 'overflowed') {
      counters.overflowed++;
      return;
    }
    // A call that never talked ended the way an abandoned one does, whatever the engine called it.
    const queue = this.queueConfig(call.queueId);
    const inThreshold = queue ? waitSeconds <= queue.serviceLevelSeconds : false;
    const inWork = queue ? isWorkingTime(queue, call.enteredMs) : true;
    counters.abandoned++;
    if (inThreshold) counters.abandonedInThreshold++;
    if (inWork) counters.abandonedInWorkHours++;
    if (inWork && !inThreshold) counters.abandonedInWorkAndSl++;
  }

  /** The list item of GET /queues. */
  listItem(queue: QueueConfig): Queue {
    const nowMs = this.now();
    const calls = this.callsOf(queue.id);
    const counters = this.countersOf(queue.id);
    const ringingAgents = new Set(calls.filter((c) => c.phase === 'ringing').map((c) => c.agentUserId));
    const talkingAgents = new Set(calls.filter((c) => c.phase === 'talking').map((c) => c.agentUserId));
    const serviceLevel: [number, number] = [
      counters.answeredInService,
      counters.answered + counters.abandoned,
    ];
    const workServiceLevel: [number, number] = [
      counters.answeredInWorkAndSl,
      counters.answeredInWorkHours + counters.abandonedInWorkHours,
    ];
    const periods = (pair: [number, number]) => ({
      day: pair,
      week: [...pair],
      month: [...pair],
      quarter: [...pair],
    });
    return {
      id: queue.id,
      group_id: queue.group_id,
      active: queue.active,
      type: queue.type,
      number: queue.number,
      name: queue.name,
      callers_waiting: calls.filter((c) => c.phase === 'waiting').length,
      callers_ringing: calls.filter((c) => c.phase === 'ringing').length,
      callers_talking: calls.filter((c) => c.phase === 'talking').length,
      agents_idle: this.idleAgents(queue.id),
      agents_ringing: [...ringingAgents].filter((id) => id !== null).length,
      agents_talking: [...talkingAgents].filter((id) => id !== null).length,
      agents_acw: 0,
      agents_aux: this.agents.auxMembers(queue.id).length,
      answered: counters.answered,
      overflowed: counters.overflowed,
      abandoned: counters.abandoned,
      talktime: counters.talkSeconds,
      waittime: counters.waitSeconds,
      answered_wait_time: counters.answered ? counters.answeredWaitSeconds / counters.answered : 0,
      answered_in_service: counters.answeredInService,
      answered_in_work_hours: counters.answeredInWorkHours,
      answered_in_work_and_sl: counters.answeredInWorkAndSl,
      abandoned_in_threshold: counters.abandonedInThreshold,
      abandoned_in_work_hours: counters.abandonedInWorkHours,
      abandoned_in_work_and_sl: counters.abandonedInWorkAndSl,
      abandoned_full: 0,
      sl: periods(serviceLevel) as Queue['sl'],
      sl_work: periods(workServiceLevel) as Queue['sl_work'],
      last_call_enter: counters.lastEnterMs / 1000,
      last_call_answer: counters.lastAnswerMs / 1000,
      callers: calls
        .filter((c) => c.phase !== 'talking')
        .map((c) => ({
          uniqueid: c.uniqueid,
          number: c.number,
          name: c.name,
          wait_time: Math.max(0, Math.round((nowMs - c.enteredMs) / 1000)),
          ringing: c.phase === 'ringing',
        })),
    };
  }

  /** The body of GET /queue/{id}. */
  detail(queue: QueueConfig): QueueDetail {
    const nowMs = this.now();
    const waiting = this.callsOf(queue.id).filter((c) => c.phase !== 'talking');
    const longest = waiting.reduce((max, c) => Math.max(max, nowMs - c.enteredMs), 0);
    return {
      name: queue.name,
      number: queue.number,
      agents_idle: this.idleAgents(queue.id),
      callers_waiting: waiting.length,
      hold_time: Math.max(0, Math.round(longest / 1000)),
      working_time: isWorkingTime(queue, nowMs),
      active: queue.active,
    };
  }

  /** Agents a queue call rings or talks to now (background callers' agents too). */
  agentsOnQueueCalls(): Set<number> {
    const agents = new Set<number>();
    for (const call of this.live.values()) {
      if (call.agentUserId !== null && call.phase !== 'waiting') agents.add(call.agentUserId);
    }
    return agents;
  }

  private idleAgents(queueId: number): number {
    const busy = this.agents.busyAgents();
    const onQueueCalls = this.agentsOnQueueCalls();
    return this.agents.readyMembers(queueId).filter((id) => !busy.has(id) && !onQueueCalls.has(id)).length;
  }

  private callsOf(queueId: number): LiveCall[] {
    return [...this.live.values()].filter((call) => call.queueId === queueId);
  }

  private countersOf(queueId: number): Counters {
    let counters = this.counters.get(queueId);
    if (!counters) {
      counters = emptyCounters();
      this.counters.set(queueId, counters);
    }
    return counters;
  }
}
