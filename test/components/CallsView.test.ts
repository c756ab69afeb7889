import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { CallsControlArgs, CallView, IpcResult } from '../../src-main/shared/contract';
import CallsHost from './CallsHost.svelte';
import { callView, ringing } from '../fixtures/calls';
import { installFakeRingside, ok } from './fakeRingside';

function setup(
  calls: CallView[],
  control: (args: CallsControlArgs) => IpcResult<{ message: string }> = () => ok({ message: 'OK' }),
) {
  const sent: CallsControlArgs[] = [];
  const fake = installFakeRingside({
    'calls:list': () => ok(calls),
    'calls:control': (args) => {
      sent.push(args);
      return control(args);
    },
  });
  render(CallsHost);
  return { fake, sent };
}

const row = (name: string) => screen.getByRole('article', { name });

describe('the Calls screen', () => {
  it('says when there are no calls', async () => {
    setup([]);
    expect(await screen.findByText('No calls on your phone right now.')).toBeVisible();
  });

  it('shows the other party, company, state, timer and only the actions the call offers', async () => {
    setup([
      callView(),
      ringing({
        uniqueid: '1700000000.2',
        remote: { number: '201', display: '201', pbxName: 'Reception', match: null },
      }),
    ]);
    const connected = await screen.findByRole('article', { name: 'Jana Nováková' });
    expect(connected).toHaveTextContent('Nováková Trading');
    expect(connected).toHaveTextContent('+420 777 123 456 · Incoming · via Support');
    expect(connected).toHaveTextContent('Connected');
    // The translator's digital duration (Intl.DurationFormat) may pad the minutes: 1:05 or 01:05.
    expect(within(connected).getByRole('timer')).toHaveTextContent(/^0?1:0[5-9]$/);
    expect(
      within(connected)
        .getAllByRole('button')
        .map((button) => button.textContent?.trim()),
    ).toEqual(['Hold', 'Hang up']);

    const ringingRow = row('Reception');
    expect(ringingRow).toHaveTextContent('Ringing');
    expect(within(ringingRow).queryByRole('timer')).toBeNull();
    expect(
      within(ringingRow)
        .getAllByRole('button')
        .map((button) => button.textContent?.trim()),
    ).toEqual(['Answer', 'Hang up']);
  });

  it('sends the action, shows it pending with every button waiting, then the new state', async () => {
    const { fake, sent } = setup([callView()]);
    await fireEvent.click(
      within(await screen.findByRole('article', { name: 'Jana Nováková' })).getByRole('button', {
        name: 'Hold',
      }),
    );
    expect(sent).toEqual([{ uniqueid: '1700000000.1', action: 'hold' }]);

    fake.emit('calls:changed', [callView({ pending: 'hold', stateLabel: 'Holding…' })]);
    await waitFor(() => expect(row('Jana Nováková')).toHaveTextContent('Holding…'));
    for (const button of within(row('Jana Nováková')).getAllByRole('button')) expect(button).toBeDisabled();

    fake.emit('calls:changed', [
      callView({ state: 'held', stateLabel: 'On hold', actions: ['resume', 'hangup'] }),
    ]);
    await waitFor(() =>
      expect(within(row('Jana Nováková')).getByRole('button', { name: 'Resume' })).toBeEnabled(),
    );
    expect(within(row('Jana Nováková')).queryByRole('button', { name: 'Hold' })).toBeNull();
  });

  it('shows the PBX’s notice after a rollback', async () => {
    const { fake } = setup([callView()], () => ({
      ok: false,
      error: { code: 'business-error', message: 'The PBX’s answer: “Cannot hold a conference call”' },
    }));
    await fireEvent.click(
      within(await screen.findByRole('article', { name: 'Jana Nováková' })).getByRole('button', {
        name: 'Hold',
      }),
    );
    fake.emit('calls:changed', [
      callView({
        notice: { action: 'hold', detail: 'The PBX’s answer: “Cannot hold a conference call”' },
      }),
    ]);
    await waitFor(() =>
      expect(within(row('Jana Nováková')).getByRole('alert')).toHaveTextContent(
        'The call was not put on hold. The PBX’s answer: “Cannot hold a conference call”',
      ),
    );
  });

  it('shows Ringside’s own refusal when the request never reached the PBX', async () => {
    setup([callView()], () => ({
      ok: false,
      error: {
        code: 'not-configured',
        message: 'Ringside does not know your phone yet. Choose it in Settings, then try again.',
      },
    }));
    await fireEvent.click(
      within(await screen.findByRole('article', { name: 'Jana Nováková' })).getByRole('button', {
        name: 'Hang up',
      }),
    );
    await waitFor(() =>
      expect(within(row('Jana Nováková')).getByRole('alert')).toHaveTextContent('Choose it in Settings'),
    );
  });

  it('renders the call’s data as text, never as markup', async () => {
    const hostile = '<img src=x onerror="alert(1)">';
    setup([
      callView({
        data: { crm_case: 'C-1042', note: hostile, nested: { priority: 2 } },
        remote: { number: '1', display: '1', pbxName: '<b>Mallory</b>', match: null },
      }),
    ]);
    const call = await screen.findByRole('article', { name: '<b>Mallory</b>' });
    const data = within(call).getByRole('region', { name: 'Call data' });
    expect(data).toHaveTextContent('crm_case C-1042');
    expect(data).toHaveTextContent(`note ${hostile}`);
    expect(data).toHaveTextContent('nested {"priority":2}');
    expect(call.querySelector('img, b')).toBeNull();
  });
});
