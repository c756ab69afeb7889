/** How long ago something happened, in the largest whole unit ("5 minutes ago"), through Intl. */
import { formatRelative } from './i18n.svelte';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday"; null under a minute (the caller says "just now" in its own words). */
export function timeAgo(at: number, now: number): string | null {
  const elapsed = Math.max(0, now - at);
  const step = STEPS.find(([, size]) => elapsed >= size);
  return step ? formatRelative(-Math.floor(elapsed / step[1]), step[0]) : null;
}
