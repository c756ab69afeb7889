/**
 * The call surfaces in Czech and Slovak: the Calls screen, the dial pad, the pop card and the dial
 * confirmation in their own words, plurals with the local forms (1 / 2–4 / 5+), dates and relative times
 * the local way, a language switch while a screen is open, the polite announcement of a call's state change
 * and the assertive one of an incoming call.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallView, DialPreview, DialRequest, RecentNumber } from '../../../src-main/shared/contract';
import { setActiveLocale, type Locale } from '../../../src-main/shared/i18n';
import DialConfirmPanel from '../../../src-renderer/components/DialConfirmPanel.svelte';
import { announcements } from '../../../src-renderer/lib/announcer.svelte';
import DialView from '../../../src-renderer/views/DialView.svelte';
import { callView, ringing, screenPop } from '../../fixtures/calls';
import CallsHost from '../CallsHost.svelte';
import { installFakeRingside, ok } from '../fakeRingside';

afterEach(() => setActiveLocale('en'));

function showCalls(locale: Locale, calls: CallView[]) {
  setActiveLocale(locale);
  const fake = installFakeRingside({
    'calls:list': () => ok(calls),
    'calls:control': () => ok({ message: 'OK' }),
  });
  render(CallsHost);
  return fake;
}

describe('the Calls screen in Czech and Slovak', () => {
  it('says in Czech that there are no calls, with the link to the dial pad inside the sentence', async () => {
    showCalls('cs', []);
    expect(await screen.findByText('Na vašem telefonu teď neprobíhá žádný hovor.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hovory');
    const link = screen.getByRole('link', { name: 'číselníku' });
    expect(link.parentElement).toHaveTextContent(
      /^Hovory, které vytočíte na číselníku, a hovory, které zvoní/,
    );
  });

  it('words a call in Czech and announces its state change once, not on every poll', async () => {
    const fake = showCalls('cs', [callView()]);
    const row = await screen.findByRole('article', { name: 'Jana Nováková' });
    expect(row).toHaveTextContent('+420 777 123 456 · Příchozí · přes Support');
    expect(within(row).getByRole('group', { name: 'Ovládání hovoru' })).toBeVisible();
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent?.trim()),
    ).toEqual(['Podržet', 'Zavěsit']);
    expect(within(row).getByRole('timer', { name: 'Délka hovoru' })).toHaveTextContent(/^0?1:0\d$/);

    const held = callView({ state: 'held', stateLabel: 'Podrženo', actions: ['resume', 'hangup'] });
    fake.emit('calls:changed', [held]);
    await waitFor(() => expect(announcements.polite).toBe('Hovor podržen: Jana Nováková.'));
    announcements.polite = '';
    fake.emit('calls:changed', [held]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(announcements.polite).toBe('');

    fake.emit('calls:changed', []);
    await waitFor(() => expect(announcements.polite).toBe('Hovor skončil: Jana Nováková.'));
  });

  it('announces an outgoing call’s progress in Slovak, one sentence per change', async () => {
    const outgoing = (state: CallView['state']) => callView({ direction: 'outbound', state, queue: null });
    const fake = showCalls('sk', []);
    await screen.findByText('Na vašom telefóne teraz neprebieha žiadny hovor.');
    const steps: [CallView['state'], string][] = [
      ['ringing', 'Zvoní váš telefón: zdvihnite ho a vytočí sa Jana Nováková.'],
      ['dialing', 'Vytáča sa: Jana Nováková…'],
      ['connected', 'Hovor spojený: Jana Nováková.'],
      ['held', 'Hovor podržaný: Jana Nováková.'],
      ['connected', 'Hovor pokračuje: Jana Nováková.'],
    ];
    for (const [state, sentence] of steps) {
      fake.emit('calls:changed', [outgoing(state)]);
      await waitFor(() => expect(announcements.polite).toBe(sentence));
    }
  });

  it('words a ringing call in Slovak, and follows a switch to Czech without a reload', async () => {
    showCalls('sk', [ringing()]);
    const list = await screen.findByRole('list', { name: 'Prebiehajúce hovory' });
    const row = within(list).getByRole('article', { name: 'Jana Nováková' });
    expect(row).toHaveTextContent('Prichádzajúci · cez Support');
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent?.trim()),
    ).toEqual(['Prijať', 'Zavesiť']);

    setActiveLocale('cs');
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Přijmout' })).toBeVisible());
    expect(row).toHaveTextContent('Příchozí · přes Support');
  });
});

describe('the pop card in Czech and Slovak', () => {
  const startedAt = new Date(2026, 0, 5, 14, 30).getTime();
  const earlier = {
    uniqueid: '1699.1',
    direction: 'outbound' as const,
    startedAt,
    durationSeconds: 125,
    answered: true,
  };

  async function ring(locale: Locale) {
    const fake = showCalls(locale, []);
    await waitFor(() => expect(fake.listenerCount('screenpop:show')).toBe(1));
    const second = ringing({ uniqueid: '1700000000.2' });
    fake.emit('calls:changed', [ringing(), second]);
    fake.emit('screenpop:show', screenPop({ uniqueid: '1700000000.2', recentCalls: [earlier] }));
    fake.emit('screenpop:show', screenPop({ recentCalls: [earlier] }));
    return screen.findByRole('complementary', { name: 'Jana Nováková' });
  }

  it('says who is calling in Czech, with the local date and plural, and announces the call at once', async () => {
    const card = await ring('cs');
    expect(card).toHaveTextContent('Příchozí hovor · přes Support · ještě 1 zvonící hovor');
    expect(within(card).getByRole('heading', { name: 'Poslední hovory s tímto číslem' })).toBeVisible();
    // The translator's digital duration: 2:05, or 02:05 where Intl.DurationFormat pads the minutes.
    expect(card).toHaveTextContent(/5\. 1\. 2026 14:30 · Odchozí · 0?2:05/);
    expect(within(card).getByRole('button', { name: 'Vytočit +420 224 812 345' })).toHaveTextContent(
      'Vytočit',
    );
    await waitFor(() => expect(announcements.assertive).toBe('Příchozí hovor: Jana Nováková'));

    await fireEvent.keyDown(within(card).getByRole('button', { name: 'Zavřít tuto kartu' }), {
      key: 'Escape',
    });
    // The card behind it comes forward; Escape dismissed only the one on top.
    expect(await screen.findByRole('complementary', { name: 'Jana Nováková' })).toHaveTextContent(
      'Příchozí hovor · přes Support',
    );
  });

  it('says who is calling in Slovak, with the local date', async () => {
    const card = await ring('sk');
    expect(card).toHaveTextContent('Prichádzajúci hovor · cez Support · ešte 1 zvoniaci hovor');
    expect(card).toHaveTextContent(/5\. 1\. 2026, 14:30 · Odchádzajúci · 0?2:05/);
    expect(within(card).getByRole('button', { name: 'Prijať' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Zavrieť túto kartu' })).toBeVisible();
  });
});

describe('the dial pad in Czech and Slovak', () => {
  const owner = (id: number) => ({
    kind: 'person' as const,
    id,
    name: `Osoba ${id}`,
    label: 'mobil',
    companies: [],
  });
  const preview: DialPreview = {
    ok: true,
    number: { display: '+420 777 123 456' },
    dial: '+420777123456',
    matches: [owner(1), owner(2), owner(3)],
  };
  const recent: RecentNumber[] = [
    {
      dial: '201',
      display: '201',
      name: 'Petr Svoboda',
      lastDialledAt: Date.now() - 120_000,
      source: 'dialpad',
    },
  ];

  function showDialPad(locale: Locale) {
    setActiveLocale(locale);
    installFakeRingside({ 'dial:resolve': () => ok(preview), 'dial:recent': () => ok(recent) });
    render(DialView);
  }

  it('speaks Czech: the field, the preview with a local plural, the keypad and the recent numbers', async () => {
    showDialPad('cs');
    await fireEvent.input(screen.getByLabelText('Číslo'), { target: { value: '777 123 456' } });
    const preview = document.getElementById('dial-preview')!;
    await waitFor(() => expect(preview).toHaveTextContent('Vytočí +420 777 123 456'));
    expect(preview).toHaveTextContent('Kontakt · mobil');
    expect(preview).toHaveTextContent('Totéž číslo má ve vašem adresáři ještě 2 další záznamy.');
    const keypad = screen.getByRole('group', { name: 'Číselník' });
    expect(within(keypad).getByRole('button', { name: 'Hvězdička' })).toBeVisible();
    expect(within(keypad).getByRole('button', { name: 'Mřížka' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Smazat poslední znak' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Nedávná čísla' })).toBeVisible();
    expect(await screen.findByRole('button', { name: /^Zavolat Petr Svoboda 201 před 2 min/ })).toBeVisible();
  });

  it('speaks Slovak', async () => {
    showDialPad('sk');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Vytočiť');
    await fireEvent.input(screen.getByLabelText('Číslo'), { target: { value: '777 123 456' } });
    const preview = document.getElementById('dial-preview')!;
    await waitFor(() =>
      expect(preview).toHaveTextContent('To isté číslo má vo vašom adresári ešte 2 ďalšie záznamy.'),
    );
    expect(screen.getByRole('group', { name: 'Číselník' })).toBeVisible();
    expect(await screen.findByRole('button', { name: /^Zavolať Petr Svoboda 201 pred 2 min/ })).toBeVisible();
  });
});

describe('the dial confirmation in Czech and Slovak', () => {
  const request: DialRequest = {
    requestId: 'r1',
    source: 'link',
    number: { display: '+420 900 123 456', extension: '12' },
    dial: '+420900123456',
    match: null,
    matches: [],
    caution: 'premium-rate',
  };

  function confirm(locale: Locale, shown: DialRequest | null = request) {
    setActiveLocale(locale);
    installFakeRingside({});
    render(DialConfirmPanel, { request: shown, onAnswered: vi.fn() });
  }

  it('asks in Czech, with the caution, the extension and where the request came from', () => {
    confirm('cs');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Vytočit toto číslo?');
    expect(screen.getByRole('note')).toHaveTextContent(/^Toto je číslo se zvýšeným tarifem/);
    expect(screen.getByText('Klapka 12 se nevytáčí: zadejte ji, až se hovor spojí.')).toBeVisible();
    expect(screen.getByText('Odkaz žádá o zavolání na toto číslo.')).toBeVisible();
    expect(screen.getByText('Není ve vašem adresáři.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Zrušit' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Vytočit' })).toHaveAccessibleDescription(
      'Za okamžik připraveno…',
    );
  });

  it('asks in Slovak', () => {
    confirm('sk');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Vytočiť toto číslo?');
    expect(screen.getByRole('button', { name: 'Zrušiť' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Vytočiť' })).toBeVisible();
  });

  it('says in Slovak when it received no number', () => {
    confirm('sk', null);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Nie je čo vytočiť');
    expect(screen.getByRole('button', { name: 'Zavrieť' })).toBeVisible();
  });
});
