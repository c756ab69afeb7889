/**
 * The History screen, the call review and the wrap-up panel in Czech and in Slovak: their own words, plurals
 * with every Czech form and dates as each language writes them.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../../src-main/shared/contract';
import { setActiveLocale, t } from '../../../src-main/shared/i18n';
import { announcements } from '../../../src-renderer/lib/announcer.svelte';
import { RedialState } from '../../../src-renderer/lib/state/history.svelte';
import ReviewView from '../../../src-renderer/views/ReviewView.svelte';
import { installFakeRingside, ok } from '../fakeRingside';
import HistoryHost from '../HistoryHost.svelte';
import { historyItem, janaCall, pendingSave, review, wrapUp } from '../historyFixtures';

/** janaCall started on 10 March 2026 at 8:59 (local): "10. 3. 8:59", with the year when that is not this year. */
const JANA_STARTED = /10\. 3\.(,? 2026)? 8:59/;

afterEach(() => {
  setActiveLocale('en');
  window.location.hash = '';
});

function showHistory(missedUnseen: number) {
  window.location.hash = '#/history';
  installFakeRingside({
    'history:list': () => ok({ items: [janaCall, historyItem(2)], nextCursor: null, missedUnseen }),
    'history:markSeen': () => ok({ missedUnseen: 0 }),
    'history:repair': () => ok(null),
    'wrapup:pending': () =>
      ok([pendingSave(), pendingSave({ uniqueid: '1773130002.2', remote: { display: '201', name: null } })]),
  });
  render(HistoryHost);
}

function showReview() {
  installFakeRingside({
    'review:get': () =>
      ok(
        review({
          v2: {
            status: 'shown',
            value: {
              state: 'done',
              language: 'cs',
              recorded: true,
              created: null,
              connected: null,
              disconnected: null,
              abandonedAt: null,
              ringSeconds: 5,
              talkSeconds: 40,
              holdSeconds: 5,
              waitSeconds: 2,
              subcalls: 1,
              caller: { number: '+420777123456', name: 'Jana Nováková', username: null },
              called: { number: '201', name: 'Petra Svobodová' },
              connectedParty: null,
              path: [],
            },
          },
        }),
      ),
    'history:markSeen': () => ok({ missedUnseen: 0 }),
  });
  render(ReviewView, {
    uniqueid: janaCall.uniqueid,
    redial: new RedialState(),
    onWrapUp: (_uniqueid: string, _call: HistoryItem | null) => {},
  });
}

function showWrapUp() {
  const fake = installFakeRingside({
    'wrapup:get': () => ok(wrapUp()),
    'wrapup:pending': () => ok([]),
    'wrapup:save': (args) =>
      ok({
        saved: { ...args, savedAt: Date.now(), writtenAt: null },
        pending: pendingSave(),
      }),
  });
  render(HistoryHost, { withHistory: false });
  fake.emit('call:ended', { uniqueid: janaCall.uniqueid, call: janaCall });
}

describe('Czech plurals', () => {
  it('have all four forms, fractions included', () => {
    setActiveLocale('cs');
    expect([1, 2, 5, 1.5].map((count) => t('history.missedUnseen', { count }))).toEqual([
      '1 nezobrazený',
      '2 nezobrazené',
      '5 nezobrazených',
      '1,5 nezobrazeného',
    ]);
    expect([1, 3, 12].map((count) => t('wrapup.pendingSummaryWaiting', { count }))).toEqual([
      '1 uložení čeká na ústřednu',
      '3 uložení čekají na ústřednu',
      '12 uložení čeká na ústřednu',
    ]);
  });
});

describe('the History screen', () => {
  it('speaks Czech', async () => {
    setActiveLocale('cs');
    showHistory(2);
    expect(await screen.findByRole('heading', { level: 1, name: 'Historie' })).toBeVisible();
    const jana = await screen.findByRole('button', { name: /^Příchozí hovor, Jana Nováková/ });
    expect(jana).toHaveTextContent('Spojený');
    expect(jana).toHaveTextContent(JANA_STARTED);
    expect(screen.getByRole('button', { name: 'Zmeškané 2 nezobrazené' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Hledat hovory' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Data' })).toBeVisible();
    expect(screen.getByLabelText('Od')).toHaveAttribute('type', 'date');
    expect(screen.getByRole('button', { name: 'Zavolat zpět: Jana Nováková' })).toBeVisible();
    expect(await screen.findByText('2 uložení čekají na ústřednu')).toBeInTheDocument();
  });

  it('speaks Slovak, and follows a switch back to English without a reload', async () => {
    setActiveLocale('sk');
    showHistory(5);
    expect(await screen.findByRole('heading', { level: 1, name: 'História' })).toBeVisible();
    const jana = await screen.findByRole('button', { name: /^Prichádzajúci hovor, Jana Nováková/ });
    expect(jana).toHaveTextContent(JANA_STARTED);
    expect(screen.getByRole('button', { name: 'Zmeškané 5 nezobrazených' })).toBeVisible();
    expect(await screen.findByText('2 uloženia čakajú na ústredňu')).toBeInTheDocument();

    setActiveLocale('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Missed 5 not seen' })).toBeVisible();
  });
});

describe('the call review', () => {
  const part = (name: string) => screen.getByRole('region', { name });

  it('speaks Czech, keeps the transcript in its own language and writes dates the Czech way', async () => {
    setActiveLocale('cs');
    showReview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jana Nováková' })).toBeVisible();
    expect(part('Shrnutí')).toHaveTextContent('March invoice');
    expect(part('Hovor')).toHaveTextContent('Začátek 10. 3. 2026 9:00:00');
    expect(part('Hovor')).toHaveTextContent('Cena 0,42');
    expect(part('Hovor')).toHaveTextContent('Nahráno (0:40)');
    expect(within(part('Hodnocení')).getByRole('img', { name: '4 hvězdičky z 5' })).toBeVisible();
    expect(part('Nálada')).toHaveTextContent('50 % pozitivní, 30 % neutrální, 20 % negativní · 4 z 5');
    expect(part('Štítky')).toHaveTextContent('Štítek 3');
    const transcript = within(part('Přepis')).getByRole('list', { name: 'Přepis' });
    expect(transcript).toHaveAttribute('lang', 'cs');
    expect(transcript).toHaveTextContent('mírně negativní (2 z 5)');
    expect(transcript).toHaveTextContent('Vy');
    expect(screen.getByRole('link', { name: '← Historie' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Dokončit hovor' })).toBeVisible();
  });

  it('speaks Slovak', async () => {
    setActiveLocale('sk');
    showReview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jana Nováková' })).toBeVisible();
    expect(part('Hovor')).toHaveTextContent('Začiatok 10. 3. 2026, 9:00:00');
    expect(within(part('Hodnotenie')).getByRole('img', { name: '4 hviezdičky z 5' })).toBeVisible();
    expect(part('Nálada')).toHaveTextContent('50 % pozitívne');
    expect(part('Ďalšie podrobnosti (verzia 2)')).toHaveTextContent('Nahraté Áno');
    expect(screen.getByRole('button', { name: 'Načítať znova' })).toBeVisible();
  });
});

describe('the wrap-up panel', () => {
  it('speaks Czech and announces the save in Czech', async () => {
    setActiveLocale('cs');
    showWrapUp();
    const panel = await screen.findByRole('form', { name: 'Dokončit hovor: Jana Nováková' });
    await within(panel).findByRole('radio', { name: 'Resolved' });
    expect(within(panel).getByRole('radio', { name: 'Žádný' })).toBeInTheDocument();
    expect(panel).toHaveTextContent(JANA_STARTED);
    await waitFor(() =>
      expect(announcements.polite).toBe('Hovor skončil: Jana Nováková. Panel dokončení hovoru je otevřený.'),
    );
    expect(within(panel).getByRole('button', { name: 'Zavřít dokončení hovoru' })).toBeVisible();

    await fireEvent.input(within(panel).getByRole('textbox', { name: 'Název nového pole' }), {
      target: { value: 'k'.repeat(65) },
    });
    await fireEvent.click(within(panel).getByRole('button', { name: 'Přidat' }));
    expect(within(panel).getByText('Název pole může mít nejvýše 64 znaků.')).toBeVisible();

    await fireEvent.click(within(panel).getByRole('button', { name: 'Uložit' }));
    expect(await within(panel).findByText('Uloženo v tomto počítači, čeká se na ústřednu')).toBeVisible();
    await waitFor(() => expect(announcements.polite).toBe('Uloženo v tomto počítači, čeká se na ústřednu'));
  });

  it('speaks Slovak', async () => {
    setActiveLocale('sk');
    showWrapUp();
    const panel = await screen.findByRole('form', { name: 'Dokončiť hovor: Jana Nováková' });
    await within(panel).findByRole('radio', { name: 'Resolved' });
    expect(panel).toHaveTextContent(JANA_STARTED);
    expect(within(panel).getByRole('group', { name: 'Výsledok hovoru' })).toBeVisible();
    expect(within(panel).getByRole('checkbox', { name: 'Nadviazať na tento hovor' })).toBeVisible();
    await fireEvent.click(within(panel).getByRole('button', { name: 'Uložiť' }));
    expect(await within(panel).findByText('Uložené v tomto počítači, čaká sa na ústredňu')).toBeVisible();
  });
});
