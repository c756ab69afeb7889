/** The agent's phone as the policy compares and names it. */
import type { PhoneSelectorDto } from '../../shared/contract';

/** The PBX's default partition for a phone chosen by extension. */
const DEFAULT_PARTITION = 1;

/** Whether two selectors name the same phone (an extension without a partition is in partition 1). */
export function samePhone(a: PhoneSelectorDto | null, b: PhoneSelectorDto | null): boolean {
  if (a === null || b === null) return a === b;
  if ('identifier' in a) return 'identifier' in b && a.identifier === b.identifier;
  return (
    'extension' in b &&
    a.extension === b.extension &&
    (a.partition ?? DEFAULT_PARTITION) === (b.partition ?? DEFAULT_PARTITION)
  );
}

/** `1002`, or the device identifier: how a message names the agent's line. */
export function phoneLine(phone: PhoneSelectorDto): string {
  return 'extension' in phone ? phone.extension : phone.identifier;
}
