/** A command the team server's policy refuses: the contract's `forbidden`, worded in the agent's language. */
import { AppError, type ErrorParams } from '../../shared/contract';
import type { MessageKey, Translator } from '../../shared/i18n';

export type PolicyMessageKey = Extract<MessageKey, `policy.${string}`>;

/** Why a check refused: the message to word it with, and what the message quotes. */
export interface Refusal {
  key: PolicyMessageKey;
  params: Readonly<Record<string, string | number>>;
}

export class PolicyRefusal extends AppError {
  readonly code = 'forbidden';
}

export function refuse(key: PolicyMessageKey, params: Refusal['params'] = {}): Refusal {
  return { key, params };
}

export function refusalError(refusal: Refusal, translator: Translator): PolicyRefusal {
  const params: ErrorParams = { reason: refusal.key.slice('policy.'.length), ...refusal.params };
  return new PolicyRefusal(translator.t(refusal.key, refusal.params), params);
}
