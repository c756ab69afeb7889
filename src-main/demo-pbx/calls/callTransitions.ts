/**
 * Moves calls through the state machine on the simulated clock, and sets off what follows each event: the
 * call's next automatic step (click-to-dial pickup, remote answer, queue wait, ring time-out, hang-up), the
 * queue statistics, and the record once the call ends.
 */
import type { SimClock } from '../clock';
import type { Random } from '../random';
import type { QueueActivity } from '../store/queueStatistics';
import type { LiveCall } from './liveCall';
import type { CallEngineOptions } from './options';
import { applyEvent, canApply, type CallEvent } from './stateMachine';

/** How often a caller held back by a paused agent checks whether the agent is back. */
const QUEUE_RECHECK_SECONDS = 2;

export interface CallTransitionsDependencies {
  clock: SimClock;
  random: Random;
  options: CallEngineOptions;
  queueActivity: QueueActivity | undefined;
  /** Whether a queued call may ring its phone now (false while the phone's agent is paused in the queue). */
  mayRing?: (call: LiveCall) => boolean;
  /** Called with each call as it ends, its pending step already cancelled. */
  onEnded: (call: LiveCall) => void;
}

export class CallTransitions {
  constructor(private readonly dependencies: CallTransitionsDependencies) {}

  /** Applies an event now and sets off what follows it: the next automatic step and queue statistics. */
  apply(call: LiveCall, event: CallEvent): void {
    const { clock, random, options, queueActivity } = this.dependencies;
    const nowMs = clock.now();
    applyEvent(call, event, nowMs);
    const between = ([min, max]: readonly [number, number]) => random.int(min, max);
    const userId = call.phone.user?.id ?? null;
    switch (event.type) {
      case 'enqueue':
        queueActivity?.callEntered({
          queueId: call.queue!.id,
          uniqueid: call.uniqueid,
          number: call.remote.number,
          name: call.remote.name,
          atMs: nowMs,
        });
        this.nextStep(call, between(options.queueWaitSeconds), { type: 'ring' });
        break;
      case 'ring':
        if (call.queue) queueActivity?.callRinging(call.uniqueid, userId);
        this.nextStep(call, options.ringTimeoutSeconds, { type: 'hangup', by: 'timeout' });
        break;
      case 'originate':
        this.nextStep(call, options.autoAnswerSeconds, { type: 'pickup' });
        break;
      case 'pickup':
        this.nextStep(call, between(options.remoteAnswerSeconds), { type: 'remote-answer' });
        break;
      case 'answer':
        if (call.queue) queueActivity?.callAnswered(call.uniqueid, userId, nowMs);
        this.nextStep(call, between(options.talkSeconds), { type: 'hangup', by: 'remote' });
        break;
      case 'remote-answer':
        this.nextStep(call, between(options.talkSeconds), { type: 'hangup', by: 'remote' });
        break;
      case 'hangup':
        if (call.queue) queueActivity?.callLeft(call.uniqueid, nowMs, call.abandoned ? 'abandoned' : 'ended');
        clock.cancel(call.pendingTimer);
        this.dependencies.onEnded(call);
        break;
      case 'hold':
      case 'resume':
        break; // the caller may still hang up while held: the pending hang-up stays
    }
  }

  /** A phone taking another call holds the ones it is talking on. */
  holdAll(calls: readonly LiveCall[]): void {
    for (const call of calls) this.apply(call, { type: 'hold' });
  }

  private nextStep(call: LiveCall, seconds: number, event: CallEvent): void {
    const { clock } = this.dependencies;
    clock.cancel(call.pendingTimer);
    call.pendingTimer = clock.setTimer(seconds * 1000, () => {
      call.pendingTimer = null;
      // A step overtaken by the agent or the remote party (answered already, hung up) simply lapses.
      if (!canApply(call, event.type)) return;
      if (event.type === 'ring' && call.queue && this.dependencies.mayRing?.(call) === false) {
        this.waitForAgent(call);
        return;
      }
      this.apply(call, event);
    });
  }

  /** The agent is paused in the queue: the caller keeps waiting, and gives up after its patience. */
  private waitForAgent(call: LiveCall): void {
    const { clock, options } = this.dependencies;
    const waitedSeconds = (clock.now() - (call.queueEnteredMs ?? clock.now())) / 1000;
    if (waitedSeconds >= options.queuePatienceSeconds) {
      this.apply(call, { type: 'hangup', by: 'remote' });
      return;
    }
    this.nextStep(call, QUEUE_RECHECK_SECONDS, { type: 'ring' });
  }
}
