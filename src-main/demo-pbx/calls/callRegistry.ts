/** The calls the engine knows: the ongoing ones, and the records of the ended ones, by uniqueid. */
import type { CallPhone } from './directory';
import { CallError } from './errors';
import type { LiveCall } from './liveCall';
import type { PhoneSnapshot } from './phoneSnapshot';
import type { EndedCall } from './records';
import { stateName } from './stateMachine';

/** Oldest first, as GET /call lists a phone's calls. */
const byCreation = (a: LiveCall, b: LiveCall) => a.createdMs - b.createdMs || a.seq - b.seq;

export class CallRegistry {
  private readonly ongoing = new Map<string, LiveCall>();
  private readonly ended = new Map<string, EndedCall>();

  add(call: LiveCall): void {
    this.ongoing.set(call.uniqueid, call);
  }

  /** Moves a call that has ended from the ongoing calls to the records. */
  archive(ended: EndedCall): void {
    this.ongoing.delete(ended.call.uniqueid);
    this.ended.set(ended.call.uniqueid, ended);
  }

  ongoingCalls(): LiveCall[] {
    return [...this.ongoing.values()];
  }

  ongoingCall(uniqueid: string): LiveCall | undefined {
    return this.ongoing.get(uniqueid);
  }

  endedCall(uniqueid: string): EndedCall | undefined {
    return this.ended.get(uniqueid);
  }

  isOngoing(uniqueid: string): boolean {
    return this.ongoing.has(uniqueid);
  }

  requireOngoing(uniqueid: string): LiveCall {
    const call = this.ongoing.get(uniqueid);
    if (call) return call;
    if (this.ended.has(uniqueid)) throw CallError.business(`call ${uniqueid} has already ended`);
    throw CallError.notFound(`unknown call ${uniqueid}`);
  }

  /** An ongoing or ended call. */
  requireCall(uniqueid: string): LiveCall {
    const call = this.ongoing.get(uniqueid) ?? this.ended.get(uniqueid)?.call;
    if (!call) throw CallError.notFound(`unknown call ${uniqueid}`);
    return call;
  }

  /** The ongoing calls a phone takes part in, on either side, oldest first. */
  callsOn(phone: CallPhone | PhoneSnapshot): LiveCall[] {
    return this.ongoingCalls()
      .filter(
        (call) =>
          call.phone.identifier === phone.identifier || call.remote.phone?.identifier === phone.identifier,
      )
      .sort(byCreation);
  }

  /** Callers waiting in a queue right now. */
  waitingIn(queueId: number): number {
    return this.ongoingCalls().filter((call) => call.queue?.id === queueId && stateName(call) === 'queued')
      .length;
  }

  /** The uniqueids of every ended call, oldest first (seeded history included). */
  endedCallIds(): string[] {
    return [...this.ended.values()]
      .sort((a, b) => byCreation(a.call, b.call))
      .map((ended) => ended.call.uniqueid);
  }

  /** Users whose phone is ringing, dialling, talking or holding right now (not idle for queue statistics). */
  busyUserIds(): ReadonlySet<number> {
    const busy = new Set<number>();
    for (const call of this.ongoing.values()) {
      if (stateName(call) === 'queued') continue;
      for (const phone of [call.phone, call.remote.phone])
        if (phone?.user?.id != null) busy.add(phone.user.id);
    }
    return busy;
  }

  /**
   * A deleted user's references in calls (user ids and usernames of the parties) become null; the records,
   * names and recordings stay (see docs/pbx-api.md (Users)).
   */
  forgetUser(userId: number): void {
    const forget = (phone: PhoneSnapshot | null) => {
      if (phone?.user && phone.user.id === userId) phone.user = { ...phone.user, id: null, username: null };
    };
    for (const call of [...this.ongoing.values(), ...[...this.ended.values()].map((ended) => ended.call)]) {
      forget(call.phone);
      forget(call.remote.phone);
    }
  }
}
