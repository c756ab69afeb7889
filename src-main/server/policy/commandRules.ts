/**
 * What an agent may do on the team server: one rule per command of the contract, in one table typed over
 * every channel (a command added to the contract without a rule here fails the type check). A rule is the
 * check that may refuse the command (ruleChecks.ts) and, for the audit log, what the command concerns.
 * docs/team-server.md ("What an agent may do") explains each decision.
 */
import { maskNumbers } from '../../app/commandTrace';
import type {
  CommandChannel,
  CommandInput,
  CommandResult,
  ErrorCode,
  SettingsField,
} from '../../shared/contract';
import type { AuditResult, AuditTarget } from '../audit/auditEvent';
import { phoneLine } from './phone';
import {
  administratorsOnly,
  allow,
  crmCreate,
  crmUpdate,
  liveCallOnOwnPhone,
  newPersonGroup,
  notOnServer,
  onOwnPhone,
  ownCall,
  ownQueue,
  personalSettings,
  phonesOfActivePbx,
  type Check,
  type GuardContext,
} from './ruleChecks';
import { changedFields } from './settingsAccess';

export interface CommandRule<C extends CommandChannel> {
  check: Check<CommandInput<C>>;
  /** What the command concerns, for the audit log: ids and names only, never a secret or a whole argument. */
  target?: (args: CommandInput<C>, context: GuardContext) => AuditTarget | Promise<AuditTarget>;
  /**
   * For a command that answers (rather than throws) that it did not apply: how the audit log records that
   * answer; null: it applied (`ok`).
   */
  outcome?: (answer: CommandResult<C>, context: GuardContext) => Promise<AuditOutcome | null>;
}

/** How a command that ran ended, for the audit log, when not `ok`. */
export interface AuditOutcome {
  result: Exclude<AuditResult, 'ok'>;
  error: ErrorCode;
}

/**
 * A save the settings refused: a field the server locks (who the agent is, their phone) is a refusal of the
 * policy, recorded as `forbidden` like the guard's own; any other field error a failed validation.
 */
async function settingsSaveOutcome(
  answer: CommandResult<'settings:save'>,
  { session }: GuardContext,
): Promise<AuditOutcome | null> {
  if (answer.saved) return null;
  const locked = new Set((await session['settings:get']()).locked ?? []);
  return Object.keys(answer.errors).some((field) => locked.has(field as SettingsField))
    ? { result: 'forbidden', error: 'forbidden' }
    : { result: 'failed', error: 'validation-failed' };
}

export type CommandRules = { readonly [C in CommandChannel]: CommandRule<C> };

/** Reads of the agent's own session or of the team's shared directory and queue board. */
const read = { check: allow } as const;
const call = (args: { uniqueid: string }): AuditTarget => ({ call: args.uniqueid.trim() });
const ownLine = ({ agent }: GuardContext): AuditTarget =>
  agent.phone ? { phone: phoneLine(agent.phone) } : {};

export const COMMAND_RULES: CommandRules = {
  'app:info': read,
  'connection:get': read,
  // Reconnects the agent's view of the PBX; changes nothing of anyone else's.
  'connection:retry': read,
  'locale:get': read,

  'settings:get': read,
  'settings:save': {
    check: personalSettings,
    target: async (args, { session }) => ({
      settings: changedFields((await session['settings:get']()).settings, args.settings),
    }),
    outcome: settingsSaveOutcome,
  },
  'settings:language': { check: allow, target: () => ({ settings: ['language'] }) },
  // Unsaved connection values would be tried with the server's stored secret.
  'connection:test': { check: administratorsOnly('connectionTest') },
  'directory:phones': { check: phonesOfActivePbx },
  'users:check': { check: administratorsOnly('usersCheck') },
  // Only describes the PEM text it is given.
  'certificate:inspect': read,

  'calls:context': { check: ownCall, target: call },
  // The server never opens a browser itself: the page opens the link (as in the browser host).
  'crm:link': { check: ownCall, target: call },
  'calls:dial': {
    check: onOwnPhone,
    target: (args, context) => ({ ...ownLine(context), number: maskNumbers(args.number) }),
  },
  'calls:control': {
    check: liveCallOnOwnPhone,
    target: (args, context) => ({ ...ownLine(context), call: args.uniqueid, action: args.action }),
  },
  'calls:list': read,
  'dial:resolve': read,
  'dial:callerNumber': read,
  'calls:afterCallSeconds': read,
  'dial:recent': read,

  // The history is the agent's own: the server keeps one per agent.
  'history:list': read,
  'history:markSeen': { check: allow },
  'history:search': read,
  'history:repair': read,
  'history:dismissRepair': { check: allow },
  'review:get': { check: ownCall, target: call },
  'review:open': { check: ownCall, target: call },
  'wrapup:get': { check: ownCall, target: call },
  'wrapup:save': { check: ownCall, target: call },
  'wrapup:pending': read,
  'wrapup:discard': { check: ownCall, target: call },
  'wrapup:draft': { check: ownCall, target: call },
  'wrapup:drafts': read,

  'directory:personActivity': read,
  'directory:search': read,
  // The same summaries search shows every agent, page by page, for the client's offline copy.
  'directory:export': read,
  'directory:person': read,
  'directory:company': read,
  'directory:createPerson': {
    check: crmCreate,
    target: async (args, context) => {
      const group = await newPersonGroup(args, context);
      return group === null ? {} : { group };
    },
  },
  'directory:updateContacts': { check: crmUpdate, target: (args) => ({ person: args.id }) },
  'directory:newContactGroups': read,
  // One directory sync serves every agent: starting or stopping it is the server's (or an administrator's).
  'sync:run': { check: administratorsOnly('syncRun') },
  'sync:cancel': { check: administratorsOnly('syncCancel') },
  'sync:status': read,

  'privacy:clear': { check: notOnServer },

  'queues:get': read,
  'queues:refresh': read,
  'queues:change': {
    check: ownQueue,
    target: (change) => ({ queue: 'queueId' in change ? change.queueId : 'all', action: change.action }),
  },
  'queues:resumeAway': { check: allow },
  'queues:dismissAway': { check: allow },
  'queues:catalog': read,
  'queues:log': read,
  'queueBoard:get': read,

  // Which signed-in colleagues are free, ringing or on a call: the team's, for every agent to see.
  'presence:list': read,

  // Which server a desktop app uses is that computer's choice: the server answers "not here" to each.
  'teamServer:get': read,
  'teamServer:choose': { check: allow },
  'teamServer:signInWithLink': { check: allow },
  'teamServer:signInWithBrowser': { check: allow },
  'teamServer:cancelSignIn': { check: allow },
  'teamServer:acceptOffer': { check: allow },
  'teamServer:dismissOffer': { check: allow },
  'teamServer:signOut': { check: allow },

  // The admin page: everyone may ask whether they have one; its sessions and links are administrators'.
  'admin:access': read,
  'admin:sessions': { check: administratorsOnly('sessions') },
  'admin:revokeSession': { check: administratorsOnly('sessions'), target: (args) => ({ session: args.id }) },
  'admin:revokeAgent': {
    check: administratorsOnly('sessions'),
    target: (args) => ({ username: args.username.trim() }),
  },
  'admin:revokeAll': { check: administratorsOnly('sessions'), target: () => ({ session: 'all' }) },
  'admin:enrollments': { check: administratorsOnly('enrollment') },
  'admin:issueEnrollment': {
    check: administratorsOnly('enrollment'),
    target: (args) => ({ username: args.username.trim() }),
  },
  'admin:cancelEnrollment': {
    check: administratorsOnly('enrollment'),
    target: (args) => ({ link: args.id }),
  },
  'admin:supervisor': { check: administratorsOnly('supervisor') },
};
