/**
 * The presence board over agents' sessions as AgentSessions hands them to it: presence derived from each
 * session's `calls:changed` and `queues:changed`, only real changes told, `gone` when a session ends, every
 * served agent's session told of every change (a late joiner too), and a failing listener stopping nobody.
 * The sessions here are event hubs with the calls and queues their events say; the team-server test drives
 * the real ones over the demo PBX.
 */
import { describe, expect, it } from 'vitest';
import { EventHub } from '../../../../src-main/app/eventHub';
import { PresenceBoard, type FollowedAgent } from '../../../../src-main/server/presence/presenceBoard';
import type {
  CallStateView,
  CallView,
  MyQueue,
  PresenceChange,
  QueuesView,
} from '../../../../src-main/shared/contract';
import type { Logger } from '../../../../src-main/shared/logger';

class TestClock {
  at = 1_000;
  now = () => this.at;
}

interface TestAgent extends FollowedAgent {
  /** What this agent's session told its windows. */
  told: PresenceChange[];
  setCalls(...states: CallStateView[]): void;
  setQueues(...paused: boolean[]): void;
}

function agent(userId: number, username: string, extension: string | null): TestAgent {
  const hub = new EventHub();
  let calls: CallView[] = [];
  let queues = { queues: [] as MyQueue[] } as QueuesView;
  const told: PresenceChange[] = [];
  hub.subscribe((channel, payload) => {
    if (channel === 'presence:changed') told.push(payload as PresenceChange);
  });
  return {
    identity: { userId, username, phone: extension === null ? null : { extension } },
    session: {
      subscribe: (listener) => hub.subscribe(listener),
      emit: (channel, payload) => hub.emit(channel, payload),
      calls: { list: () => calls },
      queues: { view: () => queues },
    },
    told,
    setCalls(...states) {
      calls = states.map((state, index) => ({ uniqueid: `${userId}.${index}`, state }) as CallView);
      hub.emit('calls:changed', calls);
    },
    setQueues(...paused) {
      queues = { queues: paused.map((p, id) => ({ id, paused: p }) as MyQueue) } as QueuesView;
      hub.emit('queues:changed', queues);
    },
  };
}

function board(logger?: Partial<Logger>) {
  const clock = new TestClock();
  const errors: unknown[] = [];
  const presence = new PresenceBoard({
    clock,
    logger: { debug() {}, info() {}, warn() {}, error: (_m, e) => errors.push(e), ...logger },
  });
  const heard: PresenceChange[] = [];
  presence.subscribe((change) => heard.push(change));
  return { presence, clock, heard, errors };
}

describe('the presence board', () => {
  it('lists each served agent with their extension, free and not paused, ordered by username', () => {
    const { presence } = board();
    presence.served(agent(7, 'petr', '1003'));
    presence.served(agent(5, 'jana', null));
    expect(presence.list()).toEqual([
      { userId: 5, username: 'jana', extension: null, state: 'free', pausedInAllQueues: false, since: 1000 },
      {
        userId: 7,
        username: 'petr',
        extension: '1003',
        state: 'free',
        pausedInAllQueues: false,
        since: 1000,
      },
    ]);
  });

  it('derives the state from the calls: on a call beats ringing, ringing beats free', () => {
    const { presence, heard } = board();
    const jana = agent(5, 'jana', '1002');
    presence.served(jana);
    const states = () => presence.list().map((colleague) => colleague.state);

    jana.setCalls('ringing');
    expect(states()).toEqual(['ringing']);
    jana.setCalls('ringing', 'held');
    expect(states()).toEqual(['busy']);
    jana.setCalls('connected');
    expect(states()).toEqual(['busy']);
    jana.setCalls('dialing');
    expect(states()).toEqual(['busy']);
    jana.setCalls('queued', 'ended');
    expect(states()).toEqual(['free']);
    jana.setCalls();
    expect(states()).toEqual(['free']);
    expect(heard.slice(1).map((change) => change.changed[0]!.state)).toEqual(['ringing', 'busy', 'free']);
  });

  it('starts from what the session knows when it is served', () => {
    const { presence } = board();
    const jana = agent(5, 'jana', '1002');
    jana.setCalls('connected');
    jana.setQueues(true);
    presence.served(jana);
    expect(presence.list()[0]).toMatchObject({ state: 'busy', pausedInAllQueues: true });
  });

  it('says paused in all queues only when the agent serves some and every one is paused', () => {
    const { presence } = board();
    const jana = agent(5, 'jana', '1002');
    presence.served(jana);
    const paused = () => presence.list()[0]!.pausedInAllQueues;

    jana.setQueues(true, false);
    expect(paused()).toBe(false);
    jana.setQueues(true, true);
    expect(paused()).toBe(true);
    jana.setQueues();
    expect(paused()).toBe(false);
  });

  it('tells only real changes, and moves `since` only when the state changes', () => {
    const { presence, clock, heard } = board();
    const jana = agent(5, 'jana', '1002');
    presence.served(jana);
    expect(heard).toEqual([{ changed: [presence.list()[0]], gone: [] }]);

    clock.at = 2_000;
    jana.setCalls('ringing');
    clock.at = 3_000;
    jana.setCalls('ringing', 'ringing');
    jana.setCalls('ringing');
    jana.setQueues(false);
    expect(heard).toHaveLength(2);
    expect(heard[1]!.changed).toEqual([expect.objectContaining({ state: 'ringing', since: 2_000 })]);

    clock.at = 4_000;
    jana.setQueues(true);
    expect(heard).toHaveLength(3);
    expect(heard[2]!.changed).toEqual([
      expect.objectContaining({ state: 'ringing', pausedInAllQueues: true, since: 2_000 }),
    ]);
  });

  it('tells `gone` when a session ends, and stops following it', () => {
    const { presence, heard } = board();
    const jana = agent(5, 'jana', '1002');
    const petr = agent(7, 'petr', '1003');
    presence.served(jana);
    presence.served(petr);
    presence.ended(jana);
    expect(heard.at(-1)).toEqual({ changed: [], gone: [5] });
    expect(presence.list().map((colleague) => colleague.username)).toEqual(['petr']);

    jana.setCalls('ringing');
    expect(heard).toHaveLength(3);
    expect(petr.told.at(-1)).toEqual({ changed: [], gone: [5] });
    expect(jana.told.some((change) => change.gone.length > 0)).toBe(false);
  });

  it('keeps an agent whose new session came before the old one ended', () => {
    const { presence } = board();
    const before = agent(5, 'jana', '1002');
    const again = agent(5, 'jana', '1002');
    presence.served(before);
    presence.served(again);
    presence.ended(before);
    expect(presence.list().map((colleague) => colleague.userId)).toEqual([5]);
    before.setCalls('connected');
    again.setCalls('ringing');
    expect(presence.list()[0]!.state).toBe('ringing');
  });

  it("tells every served agent's session, including one served after the others", () => {
    const { presence } = board();
    const jana = agent(5, 'jana', '1002');
    const petr = agent(7, 'petr', '1003');
    presence.served(jana);
    presence.served(petr);
    const eva = agent(9, 'eva', '1004');
    presence.served(eva);

    jana.setCalls('ringing');
    const janaRinging = { changed: [expect.objectContaining({ userId: 5, state: 'ringing' })], gone: [] };
    for (const colleague of [jana, petr, eva]) expect(colleague.told.at(-1)).toEqual(janaRinging);
    expect(petr.told.map((change) => change.changed[0]!.username)).toEqual(['petr', 'eva', 'jana']);
    expect(eva.told.map((change) => change.changed[0]!.username)).toEqual(['eva', 'jana']);
  });

  it('lets a failing listener stop neither the other listeners nor the sessions', () => {
    const { presence, heard, errors } = board();
    const failure = new Error('socket gone');
    presence.subscribe(() => {
      throw failure;
    });
    const after: PresenceChange[] = [];
    presence.subscribe((change) => after.push(change));
    const jana = agent(5, 'jana', '1002');
    presence.served(jana);
    jana.setCalls('connected');

    expect(heard).toHaveLength(2);
    expect(after).toHaveLength(2);
    expect(jana.told).toHaveLength(2);
    expect(errors).toEqual([failure, failure]);
    expect(presence.list()[0]!.state).toBe('busy');
  });

  it('stops telling a listener that unsubscribed', () => {
    const { presence } = board();
    const heard: PresenceChange[] = [];
    const unsubscribe = presence.subscribe((change) => heard.push(change));
    presence.served(agent(5, 'jana', '1002'));
    unsubscribe();
    presence.served(agent(7, 'petr', '1003'));
    expect(heard).toHaveLength(1);
  });
});
