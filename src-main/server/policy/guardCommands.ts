/**
 * The team server's authorization, per command: wraps one agent session's handlers so that each command
 * passes its rule (commandRules.ts) before it runs. A refusal throws the contract's `forbidden` with a
 * sentence in the agent's language; it and every state-changing command (the contract's `changesState`) go
 * to the audit log with what they concerned and how they ended.
 */
import {
  changesState,
  commandTable,
  ErrorCodeSchema,
  type CommandChannel,
  type CommandHandlers,
  type ErrorCode,
} from '../../shared/contract';
import type { AuditRecorder, AuditResult, AuditTarget } from '../audit/auditEvent';
import type { CommandPolicy, SignedInAgent } from './commandPolicy';
import { COMMAND_RULES, type AuditOutcome } from './commandRules';
import { refusalError, type Refusal } from './policyRefusal';
import type { GuardContext } from './ruleChecks';

type AnyHandler = (args?: unknown) => Promise<unknown>;
type AnyRule = {
  check: (args: unknown, context: GuardContext) => Promise<Refusal | null>;
  target?: (args: unknown, context: GuardContext) => AuditTarget | Promise<AuditTarget>;
  outcome?: (answer: unknown, context: GuardContext) => Promise<AuditOutcome | null>;
};

export function guardCommands(
  handlers: CommandHandlers,
  agent: SignedInAgent,
  policy: CommandPolicy,
  audit: AuditRecorder,
): CommandHandlers {
  const context: GuardContext = { agent, policy, session: handlers };
  const guarded: Partial<Record<CommandChannel, AnyHandler>> = {};
  for (const channel of Object.keys(commandTable) as CommandChannel[]) {
    const handler = handlers[channel] as AnyHandler;
    const rule = COMMAND_RULES[channel] as unknown as AnyRule;
    const audited = changesState(channel);
    const log = (target: AuditTarget, result: AuditResult, error?: ErrorCode) =>
      audit.record({
        kind: 'command',
        agent: agent.username,
        sessionId: agent.sessionId,
        command: channel,
        target,
        result,
        ...(error ? { error } : {}),
      });

    guarded[channel] = async (args) => {
      let target: AuditTarget = {};
      let refusal: Refusal | null;
      try {
        target = rule.target ? await rule.target(args, context) : {};
        refusal = await rule.check(args, context);
      } catch (error) {
        // The check could not tell (the PBX did not answer the person's group…): nothing ran.
        if (audited) log(target, 'failed', codeOf(error));
        throw error;
      }
      if (refusal) {
        const error = refusalError(refusal, policy.translator());
        log(target, 'forbidden', error.code);
        throw error;
      }
      let result: unknown;
      try {
        result = await handler(args);
      } catch (error) {
        if (audited) log(target, 'failed', codeOf(error));
        throw error;
      }
      if (audited) {
        // A command that answered it did not apply (a refused settings save) is no `ok` in the log.
        const ended = rule.outcome
          ? await rule
              .outcome(result, context)
              .catch((): AuditOutcome => ({ result: 'failed', error: 'internal' }))
          : null;
        if (ended) log(target, ended.result, ended.error);
        else log(target, 'ok');
      }
      return result;
    };
  }
  return guarded as unknown as CommandHandlers;
}

/** The contract's code a failure carries; anything else reaches a window as `internal`. */
function codeOf(error: unknown): ErrorCode {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  const parsed = ErrorCodeSchema.safeParse(code);
  return parsed.success ? parsed.data : 'internal';
}
