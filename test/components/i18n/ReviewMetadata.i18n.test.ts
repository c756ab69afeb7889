/**
 * The review's metadata in the agent's language: Ringside's own wrap-up keys (`ringside.disposition`,
 * `ringside.follow_up`…) in words with the disposition's label and yes/no, every other key as the PBX holds
 * it; and the review reads again when main says a wrap-up changed it, so what was just saved shows at once.
 */
import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallReview, ReviewMetadata } from '../../../src-main/shared/contract';
import { setActiveLocale, type Locale } from '../../../src-main/shared/i18n';
import { RedialState } from '../../../src-renderer/lib/state/history.svelte';
import ReviewView from '../../../src-renderer/views/ReviewView.svelte';
import { installFakeRingside, ok } from '../fakeRingside';
import { janaCall, review } from '../historyFixtures';

afterEach(() => setActiveLocale('en'));

const saved: ReviewMetadata = {
  values: {
    crm_case: 'C-1042',
    'ringside.disposition': 'callback',
    'ringside.note': 'Zavolat zítra',
    'ringside.follow_up': true,
    'ringside.agent': 'jana',
  },
  dispositionLabel: 'Zpětné volání',
};

function showReview(locale: Locale, metadata: () => ReviewMetadata) {
  setActiveLocale(locale);
  const fake = installFakeRingside({
    'review:get': () => ok(review({ metadata: { status: 'shown', value: metadata() } }) as CallReview),
    'history:markSeen': () => ok({ missedUnseen: 0 }),
  });
  render(ReviewView, { uniqueid: janaCall.uniqueid, redial: new RedialState(), onWrapUp: () => {} });
  return fake;
}

describe('the review’s metadata', () => {
  it('words Ringside’s own wrap-up values in Czech, and leaves the PBX’s other keys as they are', async () => {
    showReview('cs', () => saved);
    const part = await screen.findByRole('region', { name: 'Metadata' });
    await waitFor(() => expect(part).toHaveTextContent('Výsledek hovoru Zpětné volání'));
    expect(part).toHaveTextContent('Poznámka Zavolat zítra');
    expect(part).toHaveTextContent('Navázat Ano');
    expect(part).toHaveTextContent('Uložil agent jana');
    expect(part).toHaveTextContent('crm_case C-1042');
    expect(part).not.toHaveTextContent(/ringside\.|callback|true/);
  });

  it('says the disposition’s code when its label is not known, and No in Slovak', async () => {
    showReview('sk', () => ({
      values: { 'ringside.disposition': 'vip', 'ringside.follow_up': false },
      dispositionLabel: null,
    }));
    const part = await screen.findByRole('region', { name: 'Metadáta' });
    await waitFor(() => expect(part).toHaveTextContent('Výsledok hovoru vip'));
    expect(part).toHaveTextContent('Nadviazať Nie');
  });

  it('shows what was just saved when main says the review changed, without a Refresh', async () => {
    let metadata: ReviewMetadata = { values: {}, dispositionLabel: null };
    const fake = showReview('cs', () => metadata);
    const part = await screen.findByRole('region', { name: 'Metadata' });
    await waitFor(() => expect(part).toHaveTextContent('Žádná metadata.'));
    metadata = saved;
    fake.emit('review:updated', { uniqueid: janaCall.uniqueid });
    await waitFor(() => expect(part).toHaveTextContent('Výsledek hovoru Zpětné volání'));
  });
});
