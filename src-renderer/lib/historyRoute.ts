/**
 * The History screen's own routes inside its URL fragment, so the review of a call is a real link and
 * back/forward work: `#/history` (the list), `#/history/<uniqueid>` (a call's review) and a place to open
 * it at: `#/history/<uniqueid>/segment/<channel>-<index>` (a transcript segment), `/summary`, `/note`.
 */
import { UNIQUEID_PATTERN } from '../../src-main/shared/limits';

export type ReviewFocus =
  { kind: 'segment'; channel: number; index: number } | { kind: 'summary' } | { kind: 'note' } | null;

export type HistoryRoute = { view: 'list' } | { view: 'review'; uniqueid: string; focus: ReviewFocus };

const BASE = '#/history';

export function listHref(): string {
  return BASE;
}

export function reviewHref(uniqueid: string, focus: ReviewFocus = null): string {
  const href = `${BASE}/${uniqueid}`;
  if (!focus) return href;
  if (focus.kind === 'segment') return `${href}/segment/${focus.channel}-${focus.index}`;
  return `${href}/${focus.kind}`;
}

function parseFocus(parts: readonly string[]): ReviewFocus {
  const [kind, place] = parts;
  if (kind === 'summary' || kind === 'note') return { kind };
  const segment = kind === 'segment' ? /^(\d{1,3})-(\d{1,6})$/.exec(place ?? '') : null;
  return segment ? { kind: 'segment', channel: Number(segment[1]), index: Number(segment[2]) } : null;
}

/** The route a fragment names; anything unknown under `#/history` is the list. */
export function parseHistoryRoute(hash: string): HistoryRoute {
  if (!hash.startsWith(`${BASE}/`)) return { view: 'list' };
  const [uniqueid = '', ...rest] = hash.slice(BASE.length + 1).split('/');
  const decoded = decodeURIComponent(uniqueid);
  if (!UNIQUEID_PATTERN.test(decoded)) return { view: 'list' };
  return { view: 'review', uniqueid: decoded, focus: parseFocus(rest) };
}
