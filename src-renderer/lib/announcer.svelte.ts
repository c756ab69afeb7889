/**
 * What screen readers are told without the focus moving: call state changes, results and errors (politely,
 * after what is being read) and an incoming call (assertively, at once). One pair of live regions for the
 * whole window (components/LiveAnnouncer.svelte), so announcements never talk over each other from several
 * places.
 */
export type Politeness = 'polite' | 'assertive';

/** Cleared before each message: a live region announces a change, and the same text twice is no change. */
const CLEAR_MS = 50;

export const announcements = $state<Record<Politeness, string>>({ polite: '', assertive: '' });

let pending: Partial<Record<Politeness, ReturnType<typeof setTimeout>>> = {};

export function announce(message: string, politeness: Politeness = 'polite'): void {
  clearTimeout(pending[politeness]);
  announcements[politeness] = '';
  pending = {
    ...pending,
    [politeness]: setTimeout(() => {
      announcements[politeness] = message;
    }, CLEAR_MS),
  };
}
