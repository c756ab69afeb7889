/**
 * A small, literal call directory and a manual-clock engine for the call engine's tests: a group tree,
 * users of every access profile, three phones, queues of several kinds, tags and two CRM contacts.
 */
import { CallEngine } from '../../../src-main/demo-pbx/calls/engine';
import type { CallEngineOptions } from '../../../src-main/demo-pbx/calls/options';
import type {
  CallDirectory,
  CallGroup,
  CallPhone,
  CallQueue,
  CallUser,
} from '../../../src-main/demo-pbx/calls/directory';
import { STANDARD_CALL_ACCESS } from '../../../src-main/demo-pbx/calls/permissions';
import { createSimClock, type SimClock } from '../../../src-main/demo-pbx/clock';
import { createRandom } from '../../../src-main/demo-pbx/random';
import type { QueueActivity } from '../../../src-main/demo-pbx/store/queueStatistics';

/** 2025-03-12 10:00:00 UTC: a fixed start, so ids and dates are reproducible. */
export const START_MS = Date.UTC(2025, 2, 12, 10, 0, 0);

const GROUPS: CallGroup[] = [
  { id: 1, name: 'Company', parentId: null },
  { id: 2, name: 'Support', parentId: 1 },
  { id: 3, name: 'Sales', parentId: 1 },
  { id: 4, name: 'Support L2', parentId: 2 },
];

const team = { id: 7, name: 'Day shift' };

export const USERS = {
  admin: user(1, 'api', 'API Service', 1, 'superuser', null),
  agent: user(10, 'jana.novakova', 'Jana Nováková', 2, 'agent', 'EXT-10'),
  trainee: user(11, 'petr.dvorak', 'Petr Dvořák', 4, 'agentWithoutTranscripts', 'EXT-11'),
  supportLead: user(12, 'eva.lead', 'Eva Horáková', 2, 'supervisor', null),
  salesLead: user(13, 'tom.sales', 'Tom Berger', 3, 'supervisor', null),
  salesAgent: user(14, 'anna.sales', 'Anna Malá', 3, 'agent', null),
} satisfies Record<string, CallUser>;

function user(
  id: number,
  username: string,
  displayname: string,
  groupId: number,
  access: keyof typeof STANDARD_CALL_ACCESS,
  externalId: string | null,
): CallUser {
  return { id, username, displayname, externalId, groupId, team, access: STANDARD_CALL_ACCESS[access] };
}

export const PHONES = {
  agent: { identifier: 'SEP0001', extension: '1001', partition: 1, extensionId: 101, groupId: 2, userId: 10 },
  trainee: {
    identifier: 'SEP0002',
    extension: '1002',
    partition: 1,
    extensionId: 102,
    groupId: 4,
    userId: 11,
  },
  sales: { identifier: 'SEP0003', extension: '1003', partition: 2, extensionId: 103, groupId: 3, userId: 14 },
};

export const QUEUES: CallQueue[] = [
  { id: 1, type: 1, name: 'Support', number: '500', groupId: 2, active: true },
  { id: 2, type: 3, name: 'E-mail', number: '510', groupId: 2, active: true },
  { id: 3, type: 1, name: 'Night line', number: '520', groupId: 2, active: false },
];

export const TAGS = [
  { id: 1, name: 'billing', color: 'e53935' },
  { id: 2, name: 'VIP', color: 'fdd835' },
];

export const CONTACTS = [
  { number: '+420 777 123 456', name: 'Petr Svoboda' },
  { number: '00421 905 111 222', name: 'Zuzana Kováčová' },
];

export interface FakeDirectory extends CallDirectory {
  deleteUser(id: number): void;
}

export function fakeDirectory(): FakeDirectory {
  const users = new Map<number, CallUser>(Object.values(USERS).map((u) => [u.id, u]));
  const toPhone = (phone: (typeof PHONES)[keyof typeof PHONES]): CallPhone => ({
    identifier: phone.identifier,
    extension: phone.extension,
    partition: phone.partition,
    extensionId: phone.extensionId,
    groupId: phone.groupId,
    user: users.get(phone.userId) ?? null,
  });
  const phones = () => Object.values(PHONES).map(toPhone);
  const digits = (number: string) => number.replace(/\D/g, '').slice(-9);
  return {
    findPhone: (selector) =>
      phones().find((phone) =>
        'identifier' in selector
          ? phone.identifier === selector.identifier
          : phone.extension === selector.extension && phone.partition === (selector.partition ?? 1),
      ),
    agentPhone: () => toPhone(PHONES.agent),
    phones,
    findUser: (ref) =>
      [...users.values()].find((u) =>
        'id' in ref
          ? u.id === ref.id
          : 'externalId' in ref
            ? u.externalId === ref.externalId
            : u.username === ref.username,
      ),
    group: (id) => GROUPS.find((group) => group.id === id),
    queue: (id) => QUEUES.find((queue) => queue.id === id),
    queues: () => QUEUES,
    tags: () => TAGS,
    trunkId: () => 1,
    randomContact: (random) => random.pick(CONTACTS),
    nameForNumber: (number) => CONTACTS.find((contact) => digits(contact.number) === digits(number))?.name,
    deleteUser: (id) => void users.delete(id),
  };
}

/** Records every fact the engine reports about queue calls. */
export function recordingQueueActivity(): QueueActivity & { events: string[] } {
  const events: string[] = [];
  return {
    events,
    callEntered: (call) => events.push(`entered ${call.queueId} ${call.uniqueid}`),
    callRinging: (uniqueid, agent) => events.push(`ringing ${uniqueid} ${agent}`),
    callAnswered: (uniqueid, agent) => events.push(`answered ${uniqueid} ${agent}`),
    callLeft: (uniqueid, _at, outcome) => events.push(`left ${uniqueid} ${outcome}`),
  };
}

export interface EngineSetup {
  engine: CallEngine;
  clock: SimClock;
  directory: FakeDirectory;
  queueActivity: ReturnType<typeof recordingQueueActivity>;
}

/** An engine on a manual clock, with no history and no automatic calls unless the options ask for them. */
export function engineSetup(options: Partial<CallEngineOptions> = {}, seed = 1): EngineSetup {
  const clock = createSimClock({ mode: 'manual', startMs: START_MS });
  const directory = fakeDirectory();
  const queueActivity = recordingQueueActivity();
  const engine = new CallEngine({
    directory,
    clock,
    random: createRandom(seed),
    queueActivity,
    options: {
      ringEverySeconds: 0,
      historyCalls: 0,
      transcribeAfterSeconds: 10,
      remoteAnswerSeconds: [3, 3],
      talkSeconds: [600, 600],
      queueWaitSeconds: [4, 4],
      ...options,
    },
  });
  engine.start();
  return { engine, clock, directory, queueActivity };
}

export const agentPhone = { identifier: PHONES.agent.identifier };
