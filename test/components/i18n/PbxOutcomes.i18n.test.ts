/**
 * What the PBX answered, in the agent's language: a declined call action says which action failed and quotes
 * the PBX's own text only as its answer; a refused dial never shows the HTTP method and path; a placed call is
 * confirmed in Ringside's words, not with the PBX's English confirmation. The errors are built by the real
 * PBX-client error classes in the language in use, as main builds them.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { BusinessError } from '../../../src-main/api/errors';
import type { CallsDialArgs } from '../../../src-main/shared/contract';
import { setActiveLocale, type Locale } from '../../../src-main/shared/i18n';
import DialView from '../../../src-renderer/views/DialView.svelte';
import { callView } from '../../fixtures/calls';
import CallsHost from '../CallsHost.svelte';
import { installFakeRingside, ok } from '../fakeRingside';

afterEach(() => setActiveLocale('en'));

const BUSY = 'phone webrtc-7 is busy with another call; hang up or hold it first';

/** Main's refusal of a dial, as the PBX client words it in the language in use. */
function declined(method: string, path: string) {
  return { ok: false as const, error: new BusinessError(BUSY, { method, path }).toJSON() };
}

function dialPad(locale: Locale, answer: (args: CallsDialArgs) => unknown) {
  setActiveLocale(locale);
  installFakeRingside({
    'dial:resolve': () =>
      ok({ ok: true, number: { display: '+420 601 123 456' }, dial: '+420601123456', matches: [] }),
    'dial:recent': () => ok([]),
    'calls:dial': (args) => answer(args) as never,
  });
  render(DialView);
  return screen.getByRole('textbox', { name: 'Číslo' });
}

describe('the PBX’s answers in Czech and Slovak', () => {
  it('says in Czech that a hold was declined, with the PBX’s text as its answer and no method or path', async () => {
    setActiveLocale('cs');
    const fake = installFakeRingside({
      'calls:list': () => ok([callView()]),
      'calls:control': () => declined('PATCH', '/call'),
    });
    render(CallsHost);
    const row = await screen.findByRole('article', { name: 'Jana Nováková' });
    await fireEvent.click(within(row).getByRole('button', { name: 'Podržet' }));
    const detail = new BusinessError(BUSY, { method: 'PATCH', path: '/call' }).message;
    fake.emit('calls:changed', [callView({ notice: { action: 'hold', detail } })]);
    const alert = await within(row).findByRole('alert');
    expect(alert).toHaveTextContent(`Hovor se nepodařilo podržet. Odpověď ústředny: „${BUSY}“`);
    expect(alert).not.toHaveTextContent(/PATCH|\/call/);
  });

  it('keeps the number and says in Czech why the dial was refused, without POST /call', async () => {
    const input = dialPad('cs', () => declined('POST', '/call'));
    await fireEvent.input(input, { target: { value: '601 123 456' } });
    await fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining('Odpověď ústředny')),
    );
    expect(input).toHaveAccessibleDescription(expect.stringContaining(`„${BUSY}“`));
    expect(document.body).not.toHaveTextContent(/POST|\/call/);
    expect(input).toHaveValue('601 123 456');
  });

  it('confirms a placed call in Slovak words, not with the PBX’s English confirmation', async () => {
    const input = dialPad('sk', (args) =>
      ok({
        dialled: args.number,
        number: { display: '+420 601 123 456' },
        message: 'Calling +420601123456 from phone webrtc-7 (extension 101)',
      }),
    );
    await fireEvent.input(input, { target: { value: '601 123 456' } });
    await fireEvent.keyDown(input, { key: 'Enter' });
    const result = screen.getByTestId('dial-result');
    await waitFor(() => expect(result).toHaveTextContent('Volá sa +420 601 123 456. Ústredňa hovor začala.'));
    expect(result).not.toHaveTextContent(/Calling|webrtc|extension/);
  });
});
