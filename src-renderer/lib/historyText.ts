/** How the History, Review and Wrap-up screens word calls, times and outcomes, so every place agrees. */
import type { CallOutcome, HistoryItem, HistoryRepair, PendingSave } from '../../src-main/shared/contract';
import { formatDuration } from './callText';
import type { Tone } from './labels';

export const outcomeText: Record<CallOutcome, { label: string; tone: Tone }> = {
  ongoing: { label: 'In progress', tone: 'progress' },
  answered: { label: 'Answered', tone: 'positive' },
  missed: { label: 'Missed', tone: 'critical' },
  abandoned: { label: 'Caller hung up', tone: 'warning' },
  unanswered: { label: 'No answer', tone: 'neutral' },
};

/** The other party's name (directory, else the PBX's), else null: then the number is the name. */
export function historyName(item: Pick<HistoryItem, 'match' | 'remote'>): string | null {
  return item.match?.name || item.remote.pbxName.trim() || null;
}

/** The line under the name: the number when a name is shown, and the company. */
export function historySubline(item: Pick<HistoryItem, 'match' | 'remote' | 'company'>): string {
  const parts = historyName(item) ? [item.remote.display] : [];
  if (item.company) parts.push(item.company.name);
  return parts.join(' · ');
}

/** Seconds as 0:07, 12:45, 1:02:03. */
export function formatSeconds(seconds: number): string {
  return formatDuration(seconds * 1000);
}

const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayThisYear = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const dayOtherYear = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const fullDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const clockTime = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function startOfDay(at: number): number {
  const day = new Date(at);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime();
}

/** "14:05" today, "Yesterday 14:05", "12 Mar 14:05", "12 Mar 2025 14:05". */
export function formatCallTime(at: number, now = Date.now()): string {
  const days = Math.round((startOfDay(now) - startOfDay(at)) / 86_400_000);
  const time = timeOfDay.format(at);
  if (days === 0) return time;
  if (days === 1) return `Yesterday ${time}`;
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return `${(sameYear ? dayThisYear : dayOtherYear).format(at)} ${time}`;
}

export function formatDateTime(at: number): string {
  return fullDateTime.format(at);
}

export function formatClockTime(at: number): string {
  return clockTime.format(at);
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
  if (pending.state === 'rejected') return 'The PBX did not accept this save';
  if (pending.state === 'sending') return 'Saved on this computer, sending to the PBX…';
  return 'Saved on this computer, waiting for the PBX';
}

/** The notice after Ringside repaired a damaged history file (`history:repair`). */
export function repairText(repair: HistoryRepair): string {
  const calls = repair.recoveredCalls === 1 ? '1 call' : `${repair.recoveredCalls} calls`;
  const unsent =
    repair.recoveredUnsentWrapUps === 1
      ? '1 unsent wrap-up'
      : `${repair.recoveredUnsentWrapUps} unsent wrap-ups`;
  const lost =
    repair.unreadable === null
      ? 'the rest of the damaged file could not be read'
      : repair.unreadable === 0
        ? 'nothing was lost'
        : `${repair.unreadable} could not be read`;
  return `Ringside repaired its local history on ${formatDateTime(repair.repairedAt)}: ${calls} and ${unsent} were recovered; ${lost}.`;
}
