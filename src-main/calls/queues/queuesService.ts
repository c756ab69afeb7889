/**
 * The agent's queues as AppCore sees them (docs/queues.md): the membership of the agent's own PBX user,
 * read every 15 s (jittered) and on demand (the window gained focus) to follow changes made elsewhere;
 * changes to it, each one request built from a fresh read and followed by another read; the local log of
 * those changes and the "paused while away" offer; and, through the QueueWatch, the live statistics that
 * feed the board, the tray's count, the long-wait alert and the call poll's cadence.
 *
 * Only the configured agent's own membership is ever read for display or changed: every request body has
 * one element, with the agent's id.
 */
import type { QueueMembership } from '../../api/schemas';
import {
  asIpcError,
  failureDetail,
  type AwayReason,
  type IpcError,
  type QueueBoardView,
  type QueueChange,
  type QueueChangeOutcome,
  type QueueChoice,
  type QueueLogEntry,
  type QueuesView,
  type TeamAccent,
} from '../../shared/contract';
import { systemTimers } from '../timers';
import { awayPauseOffer } from './awayPauseOffer';
import type { ChangeOutcome } from './changeOutcome';
import { LongWaitAlerts } from './longWaitAlerts';
import { MembershipRefreshSchedule } from './membershipRefreshSchedule';
import { membershipRequest, type MembershipChange } from './membershipRequest';
import { recentChanges } from './queueChangeLog';
import { hasId, type QueueReading, type QueuesClient } from './queueReading';
import {
  boardRows,
  joinChoices,
  longWaits,
  myQueues,
  queueCallLikely,
  waitingInActiveQueues,
} from './queueViews';
import { QueuesError } from './queuesError';
import { DEFAULT_QUEUES_POLICY, type QueuesPolicy } from './queuesPolicy';
import type { AgentUser, QueuesServiceDeps } from './queuesServiceDeps';
import { QueueWatch } from './queueWatch';
import { ownQueueReadings, type SharedQueues } from './sharedQueues';
import { sendMembershipChange } from './sendMembershipChange';
import { teamAccent } from './teamAccent';

export class QueuesService {
  private readonly policy: QueuesPolicy;
  private readonly watch: QueueWatch;
  private readonly refreshSchedule: MembershipRefreshSchedule;
  private readonly longWaitAlerts: LongWaitAlerts;
  private readonly shared: SharedQueues;
  /** The readings are this service's own (not a team server's): it stops them with itself. */
  private readonly ownsReadings: boolean;
  private key: string | undefined;
  private clientOfSession: QueuesClient | undefined;
  private membership: QueueMembership[] | undefined;
  private readAt: number | null = null;
  private problem: IpcError | null = null;
  private boardProblem: IpcError | null = null;
  private last: Pick<ChangeOutcome, 'failures' | 'agentError'> = { failures: [], agentError: null };
  private changing = false;
  private accent: TeamAccent | null = null;
  /** Membership reads and changes run one at a time, in order. */
  private exclusive: Promise<unknown> = Promise.resolve();
  private lastEmitted = { view: '', board: '' };
  /** Bumped whenever the PBX or the agent changes: work of an earlier session changes nothing. */
  private generation = 0;

  constructor(private readonly deps: QueuesServiceDeps) {
    this.policy = { ...DEFAULT_QUEUES_POLICY, ...deps.policy };
    this.refreshSchedule = new MembershipRefreshSchedule(
      deps.timers ?? systemTimers,
      deps.random ?? Math.random,
      this.policy.membershipEveryMs,
      this.policy.membershipJitter,
    );
    this.longWaitAlerts = new LongWaitAlerts(this.policy.longWaitRepeatMs);
    this.shared = deps.shared ?? ownQueueReadings({ ...deps, policy: this.policy.watch });
    this.ownsReadings = !deps.shared;
    this.watch = new QueueWatch({
      readings: this.shared.readings,
      membership: () => this.membership ?? [],
      onReading: (reading) => this.onReading(reading),
      onFailure: (error) => this.onReadingFailed(error),
      onStopped: () => this.deps.setPollCadence('normal'),
      clock: deps.clock,
      logger: deps.logger,
      policy: this.policy.watch,
    });
  }

  /** Starts, restarts or stops to match the current client and agent (AppCore calls it on every change). */
  reconfigure(): void {
    const client = this.deps.client();
    const agent = this.deps.agent();
    const key = client && agent ? `${agent.id}/${agent.teamId ?? ''}` : undefined;
    if (this.key === key && this.clientOfSession === client) {
      this.publish();
      return;
    }
    this.key = key;
    this.clientOfSession = client;
    this.generation++;
    this.refreshSchedule.cancel();
    this.watch.reset();
    this.membership = undefined;
    this.readAt = null;
    this.problem = null;
    this.boardProblem = null;
    this.last = { failures: [], agentError: null };
    this.accent = null;
    this.longWaitAlerts.clear();
    this.deps.setPollCadence('normal');
    if (client && agent) {
      void this.refresh().catch(() => {});
      void this.readAccent(client, agent, this.generation);
    }
    this.publish();
  }

  /** The settings changed: the join/leave switch and the long-wait threshold show at once. */
  settingsChanged(): void {
    this.publish();
  }

  view(): QueuesView {
    const agent = this.deps.agent();
    const client = this.deps.client();
    const settings = this.deps.settings();
    const membership = this.membership ?? [];
    const pending = Boolean(client) && !agent && this.deps.agentPending?.() === true;
    const unavailable = !client || !agent;
    const problem = pending ? null : unavailable ? this.unavailableProblem(client) : this.problem;
    let status: QueuesView['status'] = 'ready';
    if (pending) status = 'loading';
    else if (unavailable) status = 'unavailable';
    else if (!this.membership) status = this.problem ? 'failed' : 'loading';
    else if (this.problem) status = 'failed';
    return {
      status,
      problem,
      agent: agent ? { id: agent.id, username: agent.username } : null,
      queues: myQueues(membership, this.watch.latest),
      readAt: this.readAt,
      waiting: waitingInActiveQueues(membership, this.watch.latest),
      joinLeaveAllowed: settings.queueJoinLeave,
      failures: this.last.failures,
      agentError: this.last.agentError,
      awayPause: this.awayPause(membership),
      accent: this.accent,
      changing: this.changing,
    };
  }

  boardView(): QueueBoardView {
    return {
      rows: boardRows(this.membership ?? [], this.watch.latest),
      readAt: this.watch.latest?.at ?? null,
      problem: this.boardProblem,
    };
  }

  /** Whether the agent serves at least one queue that is not paused (for the quit question). */
  get hasActiveQueues(): boolean {
    return (this.membership ?? []).some((queue) => queue.suspended !== true);
  }

  /** Reads the membership now (a team server's agents share a recent read); one in flight or queued is shared. */
  refresh(): Promise<QueuesView> {
    return this.run(async () => {
      await this.readMembership(this.generation, { fresh: false });
      return this.view();
    });
  }

  /** One change: a fresh read, one request with every queue the agent serves, another read. */
  change(change: QueueChange, cause: 'agent' | AwayReason = 'agent'): Promise<QueueChangeOutcome> {
    if ((change.action === 'join' || change.action === 'leave') && !this.deps.settings().queueJoinLeave) {
      return Promise.reject(QueuesError.joinLeaveOff());
    }
    return this.run(() => this.apply(change, cause));
  }

  /** Pauses every active queue because the agent leaves (quit, shutdown, sleep, lock); null when none is active. */
  async pauseForAway(reason: AwayReason): Promise<QueueChangeOutcome | null> {
    if (!this.deps.client() || !this.deps.agent()) return null;
    const outcome = await this.change({ action: 'pause-all' }, reason);
    return outcome.unchanged ? null : outcome;
  }

  /** Resumes the queues Ringside paused while the agent was away, those still paused. */
  resumeAway(): Promise<QueueChangeOutcome> {
    return this.run(async () => {
      const offer = this.awayPause(this.membership ?? []);
      return this.apply({ action: 'resume-away', queueIds: offer?.queueIds ?? [] }, 'agent');
    });
  }

  dismissAway(): QueuesView {
    this.deps.log.append({ kind: 'away-cleared', at: this.deps.clock.now() });
    this.publish();
    return this.view();
  }

  /** Queues the agent could join: those `/queues` lists and the membership does not hold. */
  async catalog(): Promise<QueueChoice[]> {
    if (!this.deps.settings().queueJoinLeave) throw QueuesError.joinLeaveOff();
    this.requireSession();
    const latest = this.watch.latest;
    const fresh = latest && this.deps.clock.now() - latest.at < this.policy.catalogFreshMs;
    const reading = fresh ? latest : await this.watch.readNow();
    return joinChoices(reading, this.membership ?? []);
  }

  log(): QueueLogEntry[] {
    return recentChanges(this.deps.log.records(), this.policy.logShown);
  }

  /** The board's reading: the latest when fresh and complete, else one read now. Keeps the board live. */
  async board(): Promise<QueueBoardView> {
    this.requireSession();
    this.watch.boardViewed();
    const latest = this.watch.latest;
    const fresh = latest?.complete && this.deps.clock.now() - latest.at < this.policy.boardFreshMs;
    if (!fresh) {
      if (!this.membership) await this.refresh();
      try {
        await this.watch.readNow();
      } catch (error) {
        this.onReadingFailed(error);
      }
    }
    return this.boardView();
  }

  dispose(): void {
    this.generation++;
    this.refreshSchedule.cancel();
    this.watch.dispose();
    if (this.ownsReadings) this.shared.readings.dispose();
  }

  // ---- membership ---------------------------------------------------------------------------------------

  private run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.exclusive.then(task);
    this.exclusive = next.catch(() => {});
    return next;
  }

  private requireSession(): { client: QueuesClient; agent: AgentUser } {
    const client = this.deps.client();
    if (!client) throw QueuesError.notConnected();
    const agent = this.deps.agent();
    if (!agent) throw QueuesError.noAgent();
    return { client, agent };
  }

  /** The agent's membership as the PBX has it now; `[]` when the listing has no element for the agent. */
  private async fetchMembership(
    client: QueuesClient,
    agentId: number,
    options: { fresh: boolean },
  ): Promise<QueueMembership[]> {
    const agents = await this.shared.membership.read(client, options);
    const mine = agents.filter(hasId).find((agent) => agent.id === agentId);
    return Array.isArray(mine?.queues) ? mine.queues.filter(hasId) : [];
  }

  private async readMembership(generation: number, options: { fresh: boolean }): Promise<void> {
    const { client, agent } = this.requireSession();
    this.refreshSchedule.cancel();
    try {
      const membership = await this.fetchMembership(client, agent.id, options);
      if (generation !== this.generation) return;
      this.membership = membership;
      this.readAt = this.deps.clock.now();
      this.problem = null;
      // Names come from /queues: read it too when the watch is not running to keep a recent one.
      if (!this.watch.isRunning && !this.watch.latest) await this.watch.readNow().catch(() => {});
    } catch (error) {
      if (generation !== this.generation) return;
      this.problem = asIpcError(error);
      this.deps.logger.debug(`queues: the membership could not be read: ${failureDetail(error)}`);
      throw error;
    } finally {
      if (generation === this.generation) {
        this.watch.update();
        this.publish();
        this.refreshSchedule.schedule(() => {
          if (generation === this.generation) void this.refresh().catch(() => {});
        });
      }
    }
  }

  private async apply(change: MembershipChange, cause: 'agent' | AwayReason): Promise<QueueChangeOutcome> {
    const generation = this.generation;
    const { client, agent } = this.requireSession();
    // Never from a shared, older read: the request lists every queue the agent serves now.
    await this.readMembership(generation, { fresh: true });
    const request = membershipRequest(agent.id, this.membership ?? [], change);
    if (request.unchanged) {
      return { ok: true, unchanged: true, failures: [], agentError: null, view: this.view() };
    }
    this.changing = true;
    this.publish();
    const outcome = await sendMembershipChange(client, this.deps, {
      agentId: agent.id,
      change,
      cause,
      request,
    });
    this.changing = false;
    this.shared.membership.changed();
    if (generation === this.generation)
      this.last = { failures: outcome.failures, agentError: outcome.agentError };
    // What the PBX says now, whatever the answer was.
    await this.readMembership(generation, { fresh: true }).catch(() => {});
    return { ...outcome, unchanged: false, view: this.view() };
  }

  private awayPause(membership: readonly QueueMembership[]): QueuesView['awayPause'] {
    const agent = this.deps.agent();
    if (!agent || !this.membership) return null;
    return awayPauseOffer(this.deps.log.records(), agent.id, membership);
  }

  private unavailableProblem(client: QueuesClient | undefined): IpcError {
    if (!client) return QueuesError.notConnected().toJSON();
    const why = this.deps.agentProblem?.();
    return why ? asIpcError(why) : QueuesError.noAgent().toJSON();
  }

  private async readAccent(client: QueuesClient, agent: AgentUser, generation: number): Promise<void> {
    if (agent.teamId === undefined || agent.teamId === null) return;
    try {
      const accent = await teamAccent(client, agent.teamId);
      if (generation !== this.generation || !accent) return;
      this.accent = accent;
      this.publish();
    } catch (error) {
      this.deps.logger.debug(`queues: the team colours could not be read: ${failureDetail(error)}`);
    }
  }

  // ---- readings -----------------------------------------------------------------------------------------

  private onReading(reading: QueueReading): void {
    const membership = this.membership ?? [];
    this.boardProblem = null;
    this.deps.setPollCadence(queueCallLikely(membership, reading) ? 'fast' : 'normal');
    const threshold = this.deps.settings().queueLongWaitSeconds;
    for (const wait of this.longWaitAlerts.due(longWaits(membership, reading, threshold), reading.at)) {
      this.deps.emit('queues:longWait', wait);
    }
    this.publish();
  }

  private onReadingFailed(error: unknown): void {
    this.boardProblem = asIpcError(error);
    // Without a reading nothing says a call is coming: back to the configured interval.
    this.deps.setPollCadence('normal');
    this.publish();
  }

  /** Emits the views that changed since they were last emitted. */
  private publish(): void {
    const view = this.view();
    const viewText = JSON.stringify(view);
    if (viewText !== this.lastEmitted.view) {
      this.lastEmitted.view = viewText;
      this.deps.emit('queues:changed', view);
    }
    const board = this.boardView();
    const boardText = JSON.stringify(board);
    if (boardText !== this.lastEmitted.board) {
      this.lastEmitted.board = boardText;
      this.deps.emit('queueBoard:changed', board);
    }
  }
}
