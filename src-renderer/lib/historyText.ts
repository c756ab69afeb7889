/** How the History, Review and Wrap-up screens word calls, times and outcomes, so every place agrees. */
import type {
  CallDirection,
  CallOutcome,
  HistoryItem,
  HistoryRepair,
  PendingSave,
} from '../../src-main/shared/contract';
import { companyBesideName } from '../../src-main/shared/numberOwner';
import { formatDate, formatDuration, t } from './i18n.svelte';
import type { Tone } from './labels';

const OUTCOME_TONES: Record<CallOutcome, Tone> = {
  ongoing: 'progress',
  answered: 'positive',
  missed: 'critical',
  abandoned: 'warning',
  unanswered: 'neutral',
};

/** How a call ended, in words (in the language in use) and as a colour. */
export function outcomeText(outcome: CallOutcome): { label: string; tone: Tone } {
  return { label: t('history.outcome', { outcome }), tone: OUTCOME_TONES[outcome] };
}

/** "Incoming" or "Outgoing". */
export function directionLabel(direction: CallDirection): string {
  return t('history.direction', { direction });
}

/** The other party's name (directory, else the PBX's), else null: then the number is the name. */
export function historyName(item: Pick<HistoryItem, 'match' | 'remote'>): string | null {
  return item.match?.name || item.remote.pbxName.trim() || null;
}

/**
 * The line under the name: the number when a name is shown, and the company of the person named (the rule
 * of shared/numberOwner.ts; a company's own name is not repeated).
 */
export function historySubline(item: Pick<HistoryItem, 'match' | 'remote'>): string {
  const parts = historyName(item) ? [item.remote.display] : [];
  const company = companyBesideName(item.match);
  if (company) parts.push(company);
  return parts.join(' · ');
}

/**
 * Seconds as 0:07, 12:45, 1:02:03: read like a call timer, so minutes below ten keep one digit (the digital
 * duration format pads them to two).
 */
export function formatSeconds(seconds: number): string {
  return formatDuration(seconds, 'digital').replace(/^0(\d)(?=\D\d{2}$)/, '$1');
}

function startOfDay(at: number): number {
  const day = new Date(at);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime();
}

/** "14:05" today, "Yesterday 14:05", "12. 3. 14:05", "12. 3. 2025 14:05" (as the language in use writes them). */
export function formatCallTime(at: number, now = Date.now()): string {
  const days = Math.round((startOfDay(now) - startOfDay(at)) / 86_400_000);
  const time = formatDate(at, 'time');
  if (days === 0) return time;
  if (days === 1) return t('history.callTimeYesterday', { time });
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return t('history.callTimeOtherDay', { date: formatDate(at, sameYear ? 'dateShort' : 'date'), time });
}

export function formatDateTime(at: number): string {
  return formatDate(at, 'dateTimeSeconds');
}

export function formatClockTime(at: number): string {
  return formatDate(at, 'timeSeconds');
}

/** A date input's `YYYY-MM-DD` as epoch ms of that local midnight; null for an empty or invalid value. */
export function dayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isNaN(at) ? null : at;
}

/** The local midnight after `day` (the exclusive end of a range that includes `day`). */
export function dayEnd(day: string): number | null {
  const start = dayStart(day);
  if (start === null) return null;
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return next.getTime();
}

/** Where a save stands, in the words the wrap-up panel and the pending list use. */
export function pendingText(pending: PendingSave): string {
  if (pending.state === 'rejected') return t('wrapup.pendingRejected');
  if (pending.state === 'sending') return t('wrapup.pendingSending');
  return t('wrapup.pendingWaiting');
}

/** The notice after Ringside repaired a damaged history file (`history:repair`). */
export function repairText(repair: HistoryRepair): string {
  const lost = repair.unreadable === null ? 'unknown' : repair.unreadable === 0 ? 'none' : 'some';
  return t('history.repairNotice', {
    date: formatDateTime(repair.repairedAt),
    calls: repair.recoveredCalls,
    unsent: repair.recoveredUnsentWrapUps,
    lost,
    unreadable: repair.unreadable ?? 0,
  });
}
