/**
 * Ended calls seeded at start, so history and call review have data from the first minute. Each one runs
 * through the same state machine as a live call, on past timestamps instead of the clock.
 */
import type { Random } from '../random';
import { randomPhoneNumber } from '../seed/phoneNumbers';
import { inboundQueuesOf, type CallDirectory } from './directory';
import type { LiveCall, NewLiveCall } from './liveCall';
import { dialString } from './numbers';
import { snapshotPhone } from './phoneSnapshot';
import type { RemoteParty } from './remote';
import { applyEvent, type CallEvent } from './stateMachine';

export interface HistorySeed {
  directory: CallDirectory;
  random: Random;
  count: number;
  /** Calls start between these two times (epoch ms). */
  fromMs: number;
  toMs: number;
}

/** A call as the engine is asked to start it; it adds the sequence, queue snapshot and language. */
export type NewCallInit = Omit<NewLiveCall, 'seq' | 'createdMs' | 'queueEntry' | 'language'> & {
  createdMs?: number;
};

/** What the engine lends the seeding: creating calls (ids, sequence), remote parties and archiving. */
export interface HistoryHooks {
  newCall(init: NewCallInit): LiveCall;
  remoteParty(dialled: string, asGiven: string, knownName?: string): RemoteParty;
  finish(call: LiveCall): void;
}

export function seedHistory(seed: HistorySeed, hooks: HistoryHooks): void {
  const { directory, random } = seed;
  if (seed.count <= 0) return;
  const agentPhone = directory.agentPhone();
  const colleagues = directory.phones().filter((p) => p.user && p.identifier !== agentPhone.identifier);
  const starts = Array.from(
    { length: seed.count },
    () => seed.fromMs + random.next() * (seed.toMs - seed.fromMs),
  );

  for (const startMs of starts.sort((a, b) => a - b)) {
    const phone = colleagues.length > 0 && random.chance(0.25) ? random.pick(colleagues) : agentPhone;
    const contact = random.chance(0.85) ? directory.randomContact(random) : undefined;
    const asGiven = contact?.number ?? randomPhoneNumber(random, random.pick(['CZ', 'SK', 'GB'] as const));
    const dialled = dialString(asGiven) ?? asGiven.replace(/[^\d+]/g, '');
    const remote = hooks.remoteParty(dialled, asGiven, contact?.name);
    const roll = random.next();
    const inbound = roll < 0.7;
    // Through one of the phone's user's own queues, as the PBX would route it.
    const queues = inbound ? inboundQueuesOf(directory, phone) : [];
    const queue = inbound && queues.length > 0 && random.chance(0.6) ? random.pick(queues) : null;
    const call = hooks.newCall({
      direction: inbound ? 'inbound' : 'outbound',
      phone: snapshotPhone(phone),
      remote,
      dialled: inbound ? (queue?.number ?? phone.extension) : dialled,
      dialledOriginal: inbound ? (queue?.number ?? phone.extension) : asGiven,
      queue,
      metadata: {},
      createdMs: startMs,
    });

    let atMs = startMs;
    const after = (seconds: number, event: CallEvent) => {
      atMs += seconds * 1000;
      applyEvent(call, event, atMs);
    };
    const answered = inbound ? roll < 0.55 : roll < 0.95;
    if (inbound) {
      if (queue) {
        after(0, { type: 'enqueue' });
        after(random.int(2, 45), { type: 'ring' });
      } else {
        after(0, { type: 'ring' });
      }
    } else {
      after(0, { type: 'originate' });
      after(1, { type: 'pickup' });
    }
    if (!answered) {
      // The caller gives up, or nobody answers until the ring time-out.
      if (inbound && random.chance(0.5)) after(random.int(5, 28), { type: 'hangup', by: 'remote' });
      else after(30, { type: 'hangup', by: 'timeout' });
    } else {
      after(random.int(3, 15), { type: inbound ? 'answer' : 'remote-answer' });
      if (random.chance(0.3)) {
        after(random.int(20, 90), { type: 'hold' });
        after(random.int(10, 60), { type: 'resume' });
      }
      after(random.int(30, 240), { type: 'hangup', by: random.chance(0.6) ? 'remote' : 'agent' });
    }
    hooks.finish(call);
  }
}
