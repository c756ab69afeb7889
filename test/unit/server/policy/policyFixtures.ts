/**
 * A signed-in agent's session as the guard sees it, from an attacker's side: every handler of the contract
 * records that it ran (so a test can tell a refused command never reached the session), and the state the
 * policy reads (the session's phone, the calls on it, the agent's queues) is the agent's own.
 */
import {
  commandTable,
  defaultSettings,
  type CommandChannel,
  type CommandHandlers,
  type PhoneSelectorDto,
  type Settings,
} from '../../../../src-main/shared/contract';
import { createTranslator, type Locale } from '../../../../src-main/shared/i18n';
import type { AuditEvent } from '../../../../src-main/server/audit/auditEvent';
import { expect } from 'vitest';
import {
  guardCommands,
  type CommandPolicy,
  type CrmEditPolicy,
  type SignedInAgent,
} from '../../../../src-main/server/policy';

export const JANA: SignedInAgent = {
  username: 'jana.novakova',
  userId: 7,
  groupId: 3,
  phone: { extension: '1002' },
  isAdmin: false,
  sessionId: 'session-jana',
};

export const ADMIN: SignedInAgent = {
  username: 'petr.admin',
  userId: 1,
  groupId: 1,
  phone: { extension: '1001' },
  isAdmin: true,
  sessionId: 'session-admin',
};

/** Her call ringing now, one in her history, and one of a colleague's (1003's) that she is not part of. */
export const LIVE_CALL = '1733400000.101';
export const HISTORY_CALL = '1733300000.55';
export const COLLEAGUES_CALL = '1733400000.202';
/** Her queue membership. */
export const OWN_QUEUE = 5;
export const COLLEAGUES_QUEUE = 9;
/** Persons of the directory and their PBX groups. */
export const PERSON_IN_OWN_GROUP = 100;
export const PERSON_IN_OTHER_GROUP = 200;
export const PERSON_WITHOUT_GROUP = 300;

export interface SessionDouble {
  handlers: CommandHandlers;
  /** Channels that reached the session, in order, besides the policy's own reads. */
  ran: CommandChannel[];
  settings: Settings;
}

/** The policy reads these to decide; they are not what the test is about. */
const POLICY_READS = new Set<CommandChannel>(['settings:get', 'calls:list', 'queues:get']);

export function sessionOf(agent: SignedInAgent, phone: PhoneSelectorDto | null = agent.phone): SessionDouble {
  const settings: Settings = { ...defaultSettings(), agentUsername: agent.username, phone };
  const ran: CommandChannel[] = [];
  const state: Partial<Record<CommandChannel, () => unknown>> = {
    'settings:get': () => ({ settings }),
    'settings:save': () => ({ saved: true, view: { settings } }),
    'calls:list': () => [{ uniqueid: LIVE_CALL }],
    'queues:get': () => ({ queues: [{ id: OWN_QUEUE }] }),
  };
  const handlers: Record<string, (args?: unknown) => Promise<unknown>> = {};
  for (const channel of Object.keys(commandTable) as CommandChannel[]) {
    handlers[channel] = async () => {
      if (!POLICY_READS.has(channel)) ran.push(channel);
      return state[channel]?.() ?? { done: channel };
    };
  }
  return { handlers: handlers as unknown as CommandHandlers, ran, settings };
}

export function policyOf(crmEdits: CrmEditPolicy = 'group', locale: Locale = 'en'): CommandPolicy {
  const groups = new Map([
    [PERSON_IN_OWN_GROUP, 3],
    [PERSON_IN_OTHER_GROUP, 4],
  ]);
  return {
    crmEdits,
    personGroup: async (personId) => groups.get(personId),
    callInHistory: async (uniqueid) => uniqueid === HISTORY_CALL,
    translator: () => createTranslator(locale),
  };
}

export function auditList(): { record(event: AuditEvent): void; events: AuditEvent[] } {
  const events: AuditEvent[] = [];
  return { events, record: (event) => events.push(event) };
}

/** Jana (or `agent`) signed in: her session double, guarded, with the audit events in a list. */
export function signIn(
  agent: SignedInAgent = JANA,
  options: { crmEdits?: CrmEditPolicy; locale?: Locale; sessionPhone?: SignedInAgent['phone'] } = {},
) {
  const session = sessionOf(agent, options.sessionPhone === undefined ? agent.phone : options.sessionPhone);
  const audit = auditList();
  const commands = guardCommands(session.handlers, agent, policyOf(options.crmEdits, options.locale), audit);
  return { commands, session, audit };
}

export type Attempt = (commands: CommandHandlers) => Promise<unknown>;

/** Runs the attempt and expects the policy's refusal; returns its message. */
export async function refused(attempt: Attempt, commands: CommandHandlers): Promise<string> {
  const error: unknown = await attempt(commands).then(
    () => {
      throw new Error('the command was allowed');
    },
    (failure: unknown) => failure,
  );
  expect(error).toMatchObject({ code: 'forbidden' });
  return (error as Error).message;
}

/** The session's settings with `change`, as the Settings form sends them. */
export const settingsWith = (session: ReturnType<typeof sessionOf>, change: object) => ({
  settings: { ...session.settings, ...change },
});
