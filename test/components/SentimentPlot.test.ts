/**
 * The sentiment plot's axis words fit left of the plot in every language: the plot's margin follows the
 * longest word shown ("neutrální" was cut to "eutrální" by a margin made for "neutral").
 */
import '@testing-library/jest-dom/vitest';
import { render } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewSegment } from '../../src-main/shared/contract';
import { setActiveLocale, type Locale } from '../../src-main/shared/i18n';
import SentimentPlot from '../../src-renderer/components/SentimentPlot.svelte';

afterEach(() => setActiveLocale('en'));

const segments: ReviewSegment[] = [
  { channel: 0, index: 0, begin: 0, end: 10, text: 'Dobrý den', score: 3 },
  { channel: 0, index: 1, begin: 10, end: 20, text: 'Děkuji', score: 5 },
  { channel: 1, index: 0, begin: 5, end: 15, text: 'Ano', score: 1 },
];

/** 11 px text is at most this wide per letter in any font the app uses (wide letters ~0.6 em). */
const WIDEST_LETTER_PX = 11 * 0.6;

describe('the sentiment plot', () => {
  it.each(['en', 'cs', 'sk'] as Locale[])('has room for every axis word in %s', (locale) => {
    setActiveLocale(locale);
    const { container } = render(SentimentPlot, {
      segments,
      channelName: (channel: number) => `channel ${channel}`,
      agentChannel: 0,
    });
    const words = [...container.querySelectorAll('text[text-anchor="end"]')].filter(
      (text) => Number(text.getAttribute('y')) < 130,
    );
    expect(words).toHaveLength(3);
    for (const word of words) {
      // Right-aligned at x: it starts at x minus its width, which must stay inside the drawing (x ≥ 0).
      const starts = Number(word.getAttribute('x')) - word.textContent!.length * WIDEST_LETTER_PX;
      expect(starts, word.textContent!).toBeGreaterThanOrEqual(0);
    }
  });
});
