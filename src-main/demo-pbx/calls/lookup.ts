/** Finding what a request names, with the refusal (and its message) when it is not there. */
import type { PhoneSelector } from '../../api/schemas';
import type { CallDirectory, CallPhone, CallQueue, UserRef } from './directory';
import { CallError } from './errors';

export function requirePhone(directory: CallDirectory, selector: PhoneSelector): CallPhone {
  const normalized: PhoneSelector =
    'identifier' in selector
      ? selector
      : { extension: selector.extension, partition: selector.partition ?? 1 };
  const phone = directory.findPhone(normalized);
  if (!phone) throw CallError.notFound(`no phone with ${selectorLabel(normalized)}`);
  return phone;
}

/** Inbound calls go through active inbound queues (type 1) only. */
export function requireInboundQueue(directory: CallDirectory, queueId: number): CallQueue {
  const queue = directory.queue(queueId);
  if (!queue) throw CallError.notFound(`queue_id ${queueId} is not a known queue`);
  if (queue.type !== 1)
    throw CallError.invalid(`queue_id ${queueId} is not an inbound queue (type ${queue.type})`);
  if (!queue.active) throw CallError.business(`queue ${queueId} (${queue.name}) is not active`);
  return queue;
}

function selectorLabel(selector: PhoneSelector): string {
  return 'identifier' in selector
    ? `identifier "${selector.identifier}"`
    : `extension ${selector.extension} in partition ${selector.partition ?? 1}`;
}

export function phoneLabel(phone: CallPhone): string {
  return `phone ${phone.identifier} (extension ${phone.extension})`;
}

export function describeUserRef(ref: UserRef): string {
  if ('id' in ref) return `id ${ref.id}`;
  if ('externalId' in ref) return `with external_id "${ref.externalId}"`;
  return `"${ref.username}"`;
}
