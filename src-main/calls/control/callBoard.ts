/**
 * The ongoing calls as the UI sees them: the monitor's last answer with the optimistic overlay of call
 * control on top (an action on its way shows at once, "Answering…"; a refused one rolls back with the
 * PBX's message), each call's matched party, and the actions it offers. Announces the view models whenever
 * they change, and only then.
 */
import type { CallAction, CallNotice, CallPartyView, CallView } from '../../shared/contract';
import type { Clock } from '../../shared/clock';
import type { MonitorSnapshot } from '../monitor/callMonitor';
import type { ObservedCall } from '../monitor/observedCall';
import { PENDING_LABELS, stateLabel as labelOf } from '../callStateTable';
import { t } from '../../shared/i18n';
import { actionsOf, actionTargets, type TargetedCall } from './actionTargets';

interface Overlay {
  pending: CallAction | null;
  /** Set once the PBX accepted the action: the pending label stays until a poll started after it answers. */
  confirmedBeforePoll: number | null;
  notice: CallNotice | null;
}

export interface CallBoardDeps {
  clock: Clock;
  /** The other party with its directory match, resolved once per call. */
  partyOf(call: ObservedCall): CallPartyView;
  onChange(views: CallView[]): void;
}

export class CallBoard {
  private calls: TargetedCall[] = [];
  private readonly overlays = new Map<string, Overlay>();
  private readonly parties = new Map<string, CallPartyView>();
  private lastAnnounced = '[]';

  constructor(private readonly deps: CallBoardDeps) {}

  get(uniqueid: string): ObservedCall | undefined {
    return this.calls.find(({ call }) => call.uniqueid === uniqueid)?.call;
  }

  /** Which call each action would act on now. */
  targets(): Record<CallAction, string | undefined> {
    return actionTargets(this.calls);
  }

  applySnapshot(snapshot: MonitorSnapshot): void {
    const before = new Map(this.calls.map((targeted) => [targeted.call.uniqueid, targeted]));
    const now = this.deps.clock.now();
    this.calls = snapshot.calls.map((observed) => {
      const previous = before.get(observed.uniqueid);
      const call = previous ? withSteadyTimes(observed, previous.call) : observed;
      const heldSince =
        call.state !== 'held' ? null : previous?.call.state === 'held' ? previous.heldSince : now;
      const overlay = this.overlays.get(call.uniqueid);
      if (overlay && previous && previous.call.state !== call.state) overlay.notice = null;
      if (overlay?.confirmedBeforePoll != null && snapshot.pollId > overlay.confirmedBeforePoll) {
        overlay.pending = null;
        overlay.confirmedBeforePoll = null;
      }
      return { call, heldSince };
    });
    const current = new Set(this.calls.map(({ call }) => call.uniqueid));
    for (const map of [this.overlays, this.parties]) {
      for (const uniqueid of map.keys()) if (!current.has(uniqueid)) map.delete(uniqueid);
    }
    this.announce();
  }

  setPending(uniqueid: string, action: CallAction): void {
    this.overlays.set(uniqueid, { pending: action, confirmedBeforePoll: null, notice: null });
    this.announce();
  }

  /** The PBX accepted the action; `lastPollId` is the poll started last before it answered. */
  confirm(uniqueid: string, lastPollId: number): void {
    const overlay = this.overlays.get(uniqueid);
    if (overlay) overlay.confirmedBeforePoll = lastPollId;
  }

  rollBack(uniqueid: string, notice: CallNotice): void {
    this.overlays.set(uniqueid, { pending: null, confirmedBeforePoll: null, notice });
    this.announce();
  }

  /** The matched party changed (the screen-pop refreshed the person). */
  setParty(uniqueid: string, party: CallPartyView): void {
    if (!this.get(uniqueid)) return;
    this.parties.set(uniqueid, party);
    this.announce();
  }

  clear(): void {
    this.calls = [];
    this.overlays.clear();
    this.parties.clear();
    this.announce();
  }

  views(): CallView[] {
    return this.calls.map(({ call }) => this.viewOf(call));
  }

  private viewOf(call: ObservedCall): CallView {
    const overlay = this.overlays.get(call.uniqueid);
    const pending = overlay?.pending ?? null;
    const stateLabel = pending ? t(PENDING_LABELS[pending]) : labelOf(call);
    let party = this.parties.get(call.uniqueid);
    if (!party) {
      party = this.deps.partyOf(call);
      this.parties.set(call.uniqueid, party);
    }
    return {
      uniqueid: call.uniqueid,
      direction: call.direction,
      state: call.state,
      stateLabel,
      pending,
      notice: overlay?.notice ?? null,
      // While one action is on its way, only hanging up stays possible (a second action would race it).
      actions: pending
        ? actionsOf(call.uniqueid, this.calls).filter((action) => action === 'hangup' && pending !== 'hangup')
        : actionsOf(call.uniqueid, this.calls),
      remote: party,
      queue: call.queue,
      createdAt: call.createdAt,
      connectedAt: call.connectedAt,
      data: call.data,
    };
  }

  private announce(): void {
    const views = this.views();
    const serialised = JSON.stringify(views);
    if (serialised === this.lastAnnounced) return;
    this.lastAnnounced = serialised;
    this.deps.onChange(views);
  }
}

/** Network latency moves the PBX-to-local clock offset by milliseconds per poll; a timer should not jump. */
const STEADY_TIME_MS = 2000;

function withSteadyTimes(call: ObservedCall, previous: ObservedCall): ObservedCall {
  const steady = (next: number | null, before: number | null) =>
    next !== null && before !== null && Math.abs(next - before) < STEADY_TIME_MS ? before : next;
  return {
    ...call,
    createdAt: steady(call.createdAt, previous.createdAt),
    connectedAt: steady(call.connectedAt, previous.connectedAt),
  };
}
