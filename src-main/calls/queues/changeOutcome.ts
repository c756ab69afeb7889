/**
 * What the answer of `POST /queues/agents` says about the agent's own element: success only when the PBX
 * said `success: true` for the element and for every queue in it. A queue whose result is false is reported
 * with the PBX's message (`Unknown queue id`); an element that failed without saying why still fails. The
 * client has already turned both answers the API allows (per-element failures inside `success: true`, or
 * inside `success: false`) into the same list of results.
 */
import type { AgentQueueResult } from '../../api/schemas';
import type { QueueFailure } from '../../shared/contract';
import { t } from '../../shared/i18n';

export interface ChangeOutcome {
  ok: boolean;
  failures: QueueFailure[];
  /** The PBX's answer about the agent itself (`Unknown agent id`), or why no answer about it came. */
  agentError: string | null;
}

const isObject = <T>(value: T): value is T & object => typeof value === 'object' && value !== null;

/** The element about the agent: the one with its id, else the only element when it names nobody. */
function elementOf(agentId: number, results: readonly AgentQueueResult[]): AgentQueueResult | undefined {
  const byId = results.find((result) => result?.id === agentId);
  if (byId) return byId;
  const [only] = results;
  const anonymous = isObject(only) && only.id === undefined && only.external_id === undefined;
  return results.length === 1 && anonymous ? only : undefined;
}

export function changeOutcome(agentId: number, results: readonly AgentQueueResult[]): ChangeOutcome {
  const element = elementOf(agentId, results);
  if (!element) return { ok: false, failures: [], agentError: t('control.queuesNoElement') };
  const queueResults = Array.isArray(element.queues) ? element.queues.filter(isObject) : [];
  const failures = queueResults
    .filter((queue) => queue.success !== true)
    .map((queue) => ({
      queueId: queue.id,
      message: (typeof queue.message === 'string' && queue.message.trim()) || t('control.queuesNoReason'),
    }));
  const elementOk = element.success === true;
  let agentError = elementOk ? null : (typeof element.error === 'string' && element.error.trim()) || null;
  if (!elementOk && !agentError && failures.length === 0) agentError = t('control.queuesNoReason');
  return { ok: elementOk && failures.length === 0, failures, agentError };
}

/** A request the PBX declined as a whole (a thrown error): every queue of the change failed with its reason. */
export function failedOutcome(message: string): ChangeOutcome {
  return { ok: false, failures: [], agentError: message };
}
