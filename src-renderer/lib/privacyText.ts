/** The words of Settings ▸ Privacy: the retention choices and what clearing local data does. */
import { HISTORY_RETENTION_DAYS } from '../../src-main/shared/contract';

/** The retention choices in the order shown; null keeps everything until it is cleared. */
export const RETENTION_CHOICES: readonly (number | null)[] = [...HISTORY_RETENTION_DAYS.choices, null];

export function retentionText(days: number | null): string {
  if (days === null) return 'Until I clear it';
  if (days === 365) return '1 year';
  return days === 1 ? '1 day' : `${days} days`;
}

/** The warning before clearing, when wrap-ups have not reached the PBX yet; null when none wait. */
export function unsentWarning(count: number): string | null {
  if (count === 0) return null;
  const saves = count === 1 ? '1 wrap-up has' : `${count} wrap-ups have`;
  return `${saves} not reached the PBX yet. Clearing deletes ${count === 1 ? 'it' : 'them'}: they will never be sent.`;
}
