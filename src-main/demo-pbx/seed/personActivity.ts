/**
 * The demo persons' read-only interactions and tasks: about one person in three has a few, derived from the
 * person's id (not drawn from the demo's random stream, so every other generated value stays as it was).
 * The API does not document their shape; these are plausible records of a contact center's CRM.
 */
const CHANNELS = ['call', 'email', 'chat'] as const;
const SUBJECTS = ['Invoice question', 'Router not connecting', 'Order status', 'Contract renewal'] as const;
const TASKS = [
  'Call back about the invoice',
  'Send the replacement device',
  'Confirm the new address',
] as const;
const DAY_MS = 86_400_000;
/** A fixed day the dates count back from, so a person reads the same whatever the clock. */
const ANCHOR_MS = Date.UTC(2026, 0, 15);

export function demoPersonActivity(personId: number): { interactions: unknown[]; tasks: unknown[] } {
  const spread = Math.imul(personId, 2654435761) >>> 0;
  if (spread % 3 !== 0) return { interactions: [], tasks: [] };
  const interactions = Array.from({ length: 1 + (spread % 3) }, (_, index) => ({
    id: personId * 10 + index,
    channel: CHANNELS[(spread >>> (index + 4)) % CHANNELS.length]!,
    subject: SUBJECTS[(spread >>> (index + 8)) % SUBJECTS.length]!,
    created: new Date(ANCHOR_MS - (index + 1) * 7 * DAY_MS).toISOString(),
  }));
  const tasks = Array.from({ length: (spread >>> 12) % 3 }, (_, index) => ({
    id: personId * 10 + index,
    name: TASKS[(spread >>> (index + 16)) % TASKS.length]!,
    done: index > 0,
  }));
  return { interactions, tasks };
}
