/** Helpers of the call review: tag colours, sentiment words, who spoke on which channel. */
import type { CallReview } from '../../src-main/shared/contract';

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

export function sentimentWords(score: number): string {
  return sentimentTone(score)!.replace('-', ' ');
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

/** The PBX's `YYYY-MM-DD HH:MM:SS` (or an ISO date) as the time of day it names. */
export function pbxTimeOfDay(at: string): string {
  const match = /[ T](\d{2}:\d{2}:\d{2})/.exec(at);
  if (!match) return at;
  if (/Z$|[+-]\d{2}:?\d{2}$/.test(at)) {
    const parsed = Date.parse(at);
    if (!Number.isNaN(parsed)) return new Date(parsed).toLocaleTimeString();
  }
  return match[1]!;
}
