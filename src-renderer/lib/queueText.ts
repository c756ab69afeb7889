/**
 * How the queue screens word things: a queue's name (by its id when the PBX does not list it), its type as
 * the API's type values name them, its state, and the team colour accent that may go beside a state's text
 * label only where it keeps a 4.5:1 contrast with the background.
 */
import type { AwayPause, QueueLogEntry, QueueTypeName } from '../../src-main/shared/contract';
import { t } from './i18n.svelte';

/** "Inbound", "Outbound", "Task", "E-mail", "Unknown type". */
export function queueTypeLabel(type: QueueTypeName): string {
  return t('queues.type', { type });
}

/** "Support (601)", or "Queue 42" when `/queues` does not list the queue. */
export function queueName(queue: { id: number; name: string | null; number: string | null }): string {
  if (queue.name === null) return t('queues.unnamedQueue', { id: String(queue.id) });
  return queue.number ? `${queue.name} (${queue.number})` : queue.name;
}

/** "Ringside paused 2 queues when the screen locked." */
export function awayText(away: AwayPause): string {
  const count = away.queueIds.length;
  switch (away.reason) {
    case 'quit':
      return t('queues.awayQuit', { count });
    case 'shutdown':
      return t('queues.awayShutdown', { count });
    case 'sleep':
      return t('queues.awaySleep', { count });
    case 'lock':
      return t('queues.awayLock', { count });
  }
}

function logAction(action: QueueLogEntry['action']): string {
  switch (action) {
    case 'pause':
      return t('queues.logPause');
    case 'resume':
      return t('queues.logResume');
    case 'pause-all':
      return t('queues.logPauseAll');
    case 'resume-all':
      return t('queues.logResumeAll');
    case 'join':
      return t('queues.logJoin');
    case 'leave':
      return t('queues.logLeave');
    case 'resume-away':
      return t('queues.logResumeAway');
  }
}

function logCause(cause: QueueLogEntry['cause']): string {
  switch (cause) {
    case 'agent':
      return t('queues.logByYou');
    case 'quit':
      return t('queues.logOnQuit');
    case 'shutdown':
      return t('queues.logOnShutdown');
    case 'sleep':
      return t('queues.logOnSleep');
    case 'lock':
      return t('queues.logOnLock');
  }
}

/** One line of the change log: "14:05 · pause · queue 601 · by you · done". */
export function logEntryText(
  entry: QueueLogEntry,
  time: string,
  /** A queue's name as the screen shows it ("Support (601)"); the log keeps only ids. */
  nameOf: (queueId: number) => string,
): string {
  const reasons = [
    entry.agentError,
    ...entry.failures.map((failure) =>
      t('queues.logFailure', { queue: nameOf(failure.queueId), message: failure.message }),
    ),
  ].filter(Boolean);
  return t('queues.logEntry', {
    time,
    action: logAction(entry.action),
    count: entry.queueIds.length,
    ids: entry.queueIds.map(nameOf).join(', '),
    cause: logCause(entry.cause),
    result: entry.ok ? t('queues.logDone') : t('queues.logFailed', { reasons: reasons.join('; ') }),
  });
}

/** WCAG's minimum contrast for text. */
export const MIN_CONTRAST = 4.5;

type Rgb = [number, number, number];

/** `#rgb`, `#rrggbb` or `rgb(r g b)` / `rgb(r, g, b)` as [r, g, b]; null for anything else. */
export function parseColour(text: string): Rgb | null {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(value);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio of two colours (1 to 21); 0 when either cannot be read. */
export function contrastRatio(a: string, b: string): number {
  const first = parseColour(a);
  const second = parseColour(b);
  if (!first || !second) return 0;
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The team colour when it is readable on `background` (4.5:1), else null: the theme's colour applies. */
export function readableAccent(colour: string | null | undefined, background: string): string | null {
  if (!colour) return null;
  return contrastRatio(colour, background) >= MIN_CONTRAST ? colour : null;
}
