/**
 * The end-to-end walk's finder of English left on a Czech or Slovak page (test/e2e/support-i18n/englishLeft.ts):
 * it finds an English message's whole text, placeholders and plural forms included, and leaves alone names,
 * numbers, the page's own language and words both languages share.
 */
import { describe, expect, it } from 'vitest';
import { englishLeft, englishMessages } from '../../e2e/support-i18n/englishLeft';

describe('English left on a page', () => {
  it('finds English messages whole, with their values and plural forms', () => {
    expect(
      englishLeft(['Hold', 'Answer', '  Callers   waiting ', 'Calling +420 601 123 456.'], 'cs'),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^calls\.holdButton: "Hold"$/),
        expect.stringMatching(/^calls\.answerButton: "Answer"$/),
        expect.stringMatching(/: "Callers waiting"$/),
        expect.stringMatching(/^dial\.callingNumber: "Calling \+420 601 123 456\."$/),
      ]),
    );
    expect(englishLeft(['2 callers waiting in your queues'], 'sk')).not.toEqual([]);
  });

  it('leaves names, numbers, the page’s own words and shared words alone', () => {
    const page = ['Jana Nováková', '601', '12:05', 'Podržet', 'Přijmout', 'Hovory', 'E-mail', 'Ringside'];
    expect(englishLeft(page, 'cs')).toEqual([]);
    expect(englishMessages('cs').length).toBeGreaterThan(500);
  });
});
