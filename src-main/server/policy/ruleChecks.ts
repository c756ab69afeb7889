/**
 * The checks the command rules (commandRules.ts) are made of. Each answers why a command is refused, or null.
 * The session's own handlers answer what the session holds now (its phone, its ongoing calls, its queues):
 * they are read, never changed, by a check.
 */
import type {
  CommandHandlers,
  DirectoryCreatePersonArgs,
  DirectoryPhonesArgs,
  QueueChange,
  SettingsSaveArgs,
} from '../../shared/contract';
import type { CommandPolicy, SignedInAgent } from './commandPolicy';
import { phoneLine, samePhone } from './phone';
import { refuse, type Refusal } from './policyRefusal';
import { restrictedChanges } from './settingsAccess';

export interface GuardContext {
  agent: SignedInAgent;
  policy: CommandPolicy;
  /** The agent's session, unguarded: read for its state only. */
  session: CommandHandlers;
}

export type Check<Args> = (args: Args, context: GuardContext) => Promise<Refusal | null>;

/** What `policy.forAdministrators` names. */
export type AdministratorAction =
  | 'connectionTest'
  | 'phonesOfDraft'
  | 'usersCheck'
  | 'syncRun'
  | 'syncCancel'
  | 'sessions'
  | 'enrollment'
  | 'supervisor';

export const allow: Check<unknown> = async () => null;

export function administratorsOnly(action: AdministratorAction): Check<unknown> {
  return async (_args, { agent }) => (agent.isAdmin ? null : refuse('policy.forAdministrators', { action }));
}

/** Deleting the local data is the desktop's privacy tool; the server's data is kept as its configuration says. */
export const notOnServer: Check<unknown> = async () => refuse('policy.privacyClearOnServer');

/**
 * Dialling and call control act on the session's phone, which the server sets from the PBX user: a session
 * whose phone is not the agent's (it was never set, or something changed it) is refused before the PBX is
 * asked, for administrators too (their session dials from their own phone as well).
 */
export const onOwnPhone: Check<unknown> = async (_args, { agent, session }) => {
  if (agent.phone === null) return refuse('policy.noPhone');
  const { settings } = await session['settings:get']();
  return samePhone(settings.phone, agent.phone)
    ? null
    : refuse('policy.sessionPhoneNotYours', { line: phoneLine(agent.phone) });
};

/** Answer, hold, resume, hang up: only a call ringing or going on at the agent's own phone now. */
export const liveCallOnOwnPhone: Check<{ uniqueid: string }> = async (args, context) => {
  const phone = await onOwnPhone(args, context);
  if (phone !== null) return phone;
  const calls = await context.session['calls:list']();
  if (calls.some((call) => call.uniqueid === args.uniqueid)) return null;
  return refuse('policy.callNotOnYourPhone', { line: lineOf(context.agent), call: args.uniqueid });
};

/**
 * A call of the agent's own: on their phone now, or in their own history. Administrators may open any call;
 * the PBX's call permissions, asked for the signed-in user name, still decide which parts they see.
 */
export const ownCall: Check<{ uniqueid: string }> = async (args, { agent, policy, session }) => {
  if (agent.isAdmin) return null;
  const uniqueid = args.uniqueid.trim();
  if (await policy.callInHistory(uniqueid)) return null;
  const calls = await session['calls:list']();
  if (calls.some((call) => call.uniqueid === uniqueid)) return null;
  return refuse('policy.callNotYours', { call: uniqueid, line: lineOf(agent) });
};

/** Pause, resume or leave: only a queue the agent is a member of. Joining adds the agent themselves. */
export const ownQueue: Check<QueueChange> = async (change, { session }) => {
  if (change.action !== 'pause' && change.action !== 'resume' && change.action !== 'leave') return null;
  const { queues } = await session['queues:get']();
  return queues.some((queue) => queue.id === change.queueId)
    ? null
    : refuse('policy.queueNotYours', { queue: change.queueId });
};

/** Personal preferences only (settingsAccess.ts); a new client secret only from an administrator. */
export const personalSettings: Check<SettingsSaveArgs> = async (args, { agent, policy, session }) => {
  if (agent.isAdmin) return null;
  const { settings } = await session['settings:get']();
  const fields: string[] = restrictedChanges(settings, args.settings);
  if (args.secret) fields.push('secret');
  if (fields.length === 0) return null;
  const translator = policy.translator();
  const names = fields.map((field) => translator.t('policy.settingName', { field }));
  return refuse('policy.settingsForAdministrators', { fields: translator.list(names) });
};

/** Unsaved connection values reach another PBX with the server's stored secret: administrators only. */
export const phonesOfActivePbx: Check<DirectoryPhonesArgs | undefined> = async (args, context) =>
  args?.connection ? administratorsOnly('phonesOfDraft')(args, context) : null;

/** The group a new person goes to: as given, else as the session's settings say, else the agent's own. */
export async function newPersonGroup(
  args: DirectoryCreatePersonArgs,
  { agent, session }: GuardContext,
): Promise<number | null> {
  if (args.groupId !== undefined) return args.groupId;
  const { settings } = await session['settings:get']();
  return settings.newContactsGroupId ?? agent.groupId;
}

export const crmCreate: Check<DirectoryCreatePersonArgs> = async (args, context) => {
  const { agent, policy } = context;
  if (agent.isAdmin || policy.crmEdits === 'all') return null;
  if (policy.crmEdits === 'none') return refuse('policy.crmEditsOff');
  const group = await newPersonGroup(args, context);
  if (agent.groupId !== null && group === agent.groupId) return null;
  return refuse('policy.crmNewPersonOutsideGroup', { group: groupOf(agent), requested: group ?? '–' });
};

export const crmUpdate: Check<{ id: number }> = async (args, { agent, policy }) => {
  if (agent.isAdmin || policy.crmEdits === 'all') return null;
  if (policy.crmEdits === 'none') return refuse('policy.crmEditsOff');
  const personGroup = await policy.personGroup(args.id);
  if (agent.groupId !== null && personGroup === agent.groupId) return null;
  return personGroup === undefined
    ? refuse('policy.crmPersonWithoutGroup', { group: groupOf(agent), person: args.id })
    : refuse('policy.crmPersonOutsideGroup', { group: groupOf(agent), person: args.id, personGroup });
};

function lineOf(agent: SignedInAgent): string {
  return agent.phone ? phoneLine(agent.phone) : '–';
}

function groupOf(agent: SignedInAgent): number | string {
  return agent.groupId ?? '–';
}
