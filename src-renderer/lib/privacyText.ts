/** The words of Settings ▸ Privacy: the retention choices and what clearing local data does. */
import { HISTORY_RETENTION_DAYS } from '../../src-main/shared/contract';
import { t } from './i18n.svelte';

/** The retention choices in the order shown; null keeps everything until it is cleared. */
export const RETENTION_CHOICES: readonly (number | null)[] = [...HISTORY_RETENTION_DAYS.choices, null];

export function retentionText(days: number | null): string {
  if (days === null) return t('privacy.retentionForever');
  if (days === 365) return t('privacy.retentionYear');
  return t('privacy.retentionDays', { days });
}

/** The warning before clearing, when wrap-ups have not reached the PBX yet; null when none wait. */
export function unsentWarning(count: number): string | null {
  if (count === 0) return null;
  return t('privacy.unsentWarning', { count });
}
