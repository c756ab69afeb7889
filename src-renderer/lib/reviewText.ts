/** Helpers of the call review: tag colours, sentiment words, who spoke on which channel. */
import { WRAP_UP_KEYS, type CallReview, type ReviewMetadata } from '../../src-main/shared/contract';
import type { MessageKey } from '../../src-main/shared/i18n';
import { dataEntries } from './callText';
import { formatDate, t } from './i18n.svelte';
import { metadataText } from './state/wrapupDraft.svelte';

/** WCAG relative luminance of an sRGB `#rrggbb` colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((value) =>
    value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4,
  ) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

type Entry = { key: string; value: string };

/** Ringside's own wrap-up keys, in the order the wrap-up panel asks for them, with the select value naming each. */
const OWN_KEYS = [
  [WRAP_UP_KEYS.disposition, 'disposition'],
  [WRAP_UP_KEYS.note, 'note'],
  [WRAP_UP_KEYS.followUp, 'follow_up'],
  [WRAP_UP_KEYS.agent, 'agent'],
] as const;

/**
 * The review's metadata as people read it: Ringside's own wrap-up values in words ("Disposition: Callback
 * needed", "Follow up: Yes"), and every other key as the PBX holds it.
 */
export function reviewMetadataEntries(metadata: ReviewMetadata): { wrapUp: Entry[]; other: Entry[] } {
  const { values, dispositionLabel } = metadata;
  const wrapUp = OWN_KEYS.filter(([key]) => key in values).map(([key, name]) => {
    const value = values[key];
    const text =
      key === WRAP_UP_KEYS.disposition
        ? (dispositionLabel ?? metadataText(value))
        : key === WRAP_UP_KEYS.followUp
          ? t('review.metadataYesNo', { value: String(value === true) })
          : metadataText(value);
    return { key: t('review.metadataWrapUpKey', { key: name }), value: text };
  });
  const own = new Set<string>(OWN_KEYS.map(([key]) => key));
  const other = dataEntries(Object.fromEntries(Object.entries(values).filter(([key]) => !own.has(key))));
  return { wrapUp, other };
}

const DARK_TEXT = '#111111';
const LIGHT_TEXT = '#ffffff';

/** The text colour that reads best on a tag's `#rrggbb` background (black or white, whichever contrasts more). */
export function readableTextOn(background: string): string {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT)
    ? DARK_TEXT
    : LIGHT_TEXT;
}

export type SentimentTone = 'negative' | 'slightly-negative' | 'neutral' | 'slightly-positive' | 'positive';

const TONES: readonly SentimentTone[] = [
  'negative',
  'slightly-negative',
  'neutral',
  'slightly-positive',
  'positive',
];

/** A 1…5 score as a tone (the colour of a transcript segment); null stays null. */
export function sentimentTone(score: number | null): SentimentTone | null {
  if (score === null || !Number.isFinite(score)) return null;
  return TONES[Math.min(4, Math.max(0, Math.round(score) - 1))]!;
}

const TONE_WORDS: Record<SentimentTone, MessageKey> = {
  negative: 'review.toneNegative',
  'slightly-negative': 'review.toneSlightlyNegative',
  neutral: 'review.toneNeutral',
  'slightly-positive': 'review.toneSlightlyPositive',
  positive: 'review.tonePositive',
};

/** A 1…5 score in words ("slightly negative"). */
export function sentimentWords(score: number): string {
  return t(TONE_WORDS[sentimentTone(score)!]);
}

/**
 * Which channel is the agent's. Channel 0 is the calling side: the customer of an inbound call, the agent of
 * an outbound one. Without the history entry (a call opened by its id) the record's internal flag says.
 */
export function agentChannel(review: Pick<CallReview, 'call' | 'info'>): number {
  if (review.call) return review.call.direction === 'outbound' ? 0 : 1;
  if (review.info.status === 'shown') {
    const { source, destination } = review.info.value;
    if (source.internal && !destination.internal) return 0;
  }
  return 1;
}

const PBX_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;

/**
 * The moment a PBX date names: an ISO date with a zone as that instant; the PBX's own `YYYY-MM-DD HH:MM:SS`
 * as that wall-clock time (shown as written, only in the local format). Null when it is neither.
 */
function pbxMoment(at: string): Date | null {
  if (/Z$|[+-]\d{2}:?\d{2}$/.test(at)) {
    const parsed = Date.parse(at);
    if (!Number.isNaN(parsed)) return new Date(parsed);
  }
  const match = PBX_DATE_TIME.exec(at);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const moment = new Date(year, month - 1, day, hours, minutes, seconds);
  return Number.isNaN(moment.getTime()) ? null : moment;
}

/**
 * The language the call was held in, as a `lang` value, when the record says (the version-2 detail's
 * `cs`, `cs_CZ`, `sk-SK`…); undefined when it does not or names it some other way.
 */
export function transcriptLang(review: Pick<CallReview, 'v2'>): string | undefined {
  if (review.v2.status !== 'shown') return undefined;
  const tag = review.v2.value.language.trim().replace('_', '-');
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(tag) ? tag : undefined;
}

/** The PBX's `YYYY-MM-DD HH:MM:SS` (or an ISO date) as the time of day it names. */
export function pbxTimeOfDay(at: string): string {
  const moment = pbxMoment(at);
  return moment ? formatDate(moment, 'timeSeconds') : at;
}

/** The PBX's `YYYY-MM-DD HH:MM:SS` (or an ISO date) as a date and time in the local format. */
export function pbxDateTime(at: string): string {
  const moment = pbxMoment(at);
  return moment ? formatDate(moment, 'dateTimeSeconds') : at;
}
