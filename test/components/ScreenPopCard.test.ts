import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { CallsControlArgs, CallsDialArgs, CallView } from '../../src-main/shared/contract';
import { announcements } from '../../src-renderer/lib/announcer.svelte';
import CallsHost from './CallsHost.svelte';
import { callView, ringing, screenPop } from '../fixtures/calls';
import { installFakeRingside, ok } from './fakeRingside';

function setup(options: { calls?: CallView[]; withInput?: boolean } = {}) {
  const sent: CallsControlArgs[] = [];
  const dialled: CallsDialArgs[] = [];
  const fake = installFakeRingside({
    'calls:list': () => ok(options.calls ?? []),
    'calls:control': (args) => {
      sent.push(args);
      return ok({ message: 'OK' });
    },
    'calls:dial': (args) => {
      dialled.push(args);
      return ok({ dialled: args.number, number: { display: args.number }, message: 'Call placed.' });
    },
  });
  render(CallsHost, { withInput: options.withInput ?? false });
  /** A call starts ringing: `calls:changed` first, then the pop (the order the main process sends them). */
  const ring = async (calls = [ringing()], pop = screenPop()) => {
    await waitFor(() => expect(fake.listenerCount('screenpop:show')).toBe(1));
    fake.emit('calls:changed', calls);
    fake.emit('screenpop:show', pop);
    return screen.findByRole('complementary', { name: pop.person?.name ?? pop.number.display });
  };
  return { fake, sent, dialled, ring };
}

describe('the pop card', () => {
  it('shows who is calling: person, company, numbers to dial, the empty call history', async () => {
    const { ring, dialled } = setup();
    const card = await ring();
    expect(card).toHaveTextContent('Incoming call · via Support');
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('Jana Nováková');
    expect(card).toHaveTextContent('Nováková Trading');
    expect(card).toHaveTextContent('No earlier calls with this number are recorded.');
    expect(within(card).queryByRole('button', { name: 'Create contact' })).toBeNull();

    await fireEvent.click(within(card).getByRole('button', { name: 'Dial +420 224 812 345' }));
    await waitFor(() =>
      expect(dialled).toEqual([{ number: '+420224812345', source: 'directory', data: { person_id: 7 } }]),
    );
  });

  it('answers and hangs up the call it belongs to, with the buttons the call offers', async () => {
    const { ring, sent, fake } = setup();
    const card = await ring();
    expect(
      within(card)
        .getAllByRole('button', { name: /Answer|Hang up|Hold/ })
        .map((button) => button.textContent?.trim()),
    ).toEqual(['Answer', 'Hang up']);
    await fireEvent.click(within(card).getByRole('button', { name: 'Answer' }));
    expect(sent).toEqual([{ uniqueid: '1700000000.1', action: 'answer' }]);

    fake.emit('calls:changed', [callView()]);
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Answer' })).toBeNull());
    expect(within(card).getByRole('timer')).toBeInTheDocument();
    await fireEvent.click(within(card).getByRole('button', { name: 'Hang up' }));
    expect(sent.at(-1)).toEqual({ uniqueid: '1700000000.1', action: 'hangup' });

    fake.emit('calls:changed', []);
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
  });

  it('renders hostile names and numbers as text', async () => {
    const { ring } = setup();
    const hostile = '<img src=x onerror="window.pwned=1">Eve';
    const card = await ring(
      [ringing()],
      screenPop({
        callerName: '<script>alert(1)</script>',
        person: {
          ...screenPop().person!,
          name: hostile,
          numbers: [{ display: '<b>1</b>', dial: null, label: '<i>x</i>' }],
        },
        company: { id: 1, name: '<a href="https://evil.example">Acme</a>' },
      }),
    );
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe(hostile);
    expect(card).toHaveTextContent('<a href="https://evil.example">Acme</a>');
    expect(card).toHaveTextContent('Caller ID: <script>alert(1)</script>');
    expect(card.querySelector('img, script, a, b, i')).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Dial/ })).toBeNull();
  });

  // In the app the button opens the Directory screen's form (test/components/DirectoryFromScreenPop.test.ts).
  it('offers "Create contact" for an unknown number, disabled where no Directory screen exists', async () => {
    const { ring } = setup();
    const card = await ring(
      [ringing()],
      screenPop({
        person: null,
        company: null,
        callerName: '',
        createContact: { number: '+420 777 123 456' },
      }),
    );
    const create = within(card).getByRole('button', { name: 'Create contact' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(
      expect.stringContaining('Contacts are created in the Directory screen.'),
    );
  });

  it('is replaced by its refreshed version, and dismissed with Esc', async () => {
    const { ring, fake } = setup();
    await ring();
    fake.emit(
      'screenpop:updated',
      screenPop({ person: { ...screenPop().person!, name: 'Jana Nováková-Dvořáková' }, refreshed: true }),
    );
    const card = await screen.findByRole('complementary', { name: 'Jana Nováková-Dvořáková' });
    await fireEvent.keyDown(within(card).getByRole('button', { name: 'Dismiss this card' }), {
      key: 'Escape',
    });
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    // A dismissed card does not come back when its data changes again.
    fake.emit('screenpop:updated', screenPop({ refreshed: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('takes the focus when the agent is not typing, and hands it back when dismissed', async () => {
    const onHold = callView({
      uniqueid: '1700000000.9',
      remote: { number: '201', display: '201', pbxName: 'Reception', match: null },
    });
    const { ring } = setup({ calls: [onHold] });
    const holdButton = within(await screen.findByRole('article', { name: 'Reception' })).getByRole('button', {
      name: 'Hold',
    });
    holdButton.focus();
    const card = await ring([onHold, ringing()]);
    await waitFor(() => expect(within(card).getByRole('heading', { level: 2 })).toHaveFocus());
    await waitFor(() => expect(announcements.assertive).toBe('Incoming call: Jana Nováková'));
    await fireEvent.click(within(card).getByRole('button', { name: 'Dismiss this card' }));
    expect(holdButton).toHaveFocus();
  });

  it('leaves the focus in a field the agent is typing in, until the notification is clicked', async () => {
    const { ring, fake } = setup({ withInput: true });
    const note = screen.getByLabelText('Note');
    note.focus();
    const card = await ring();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(note).toHaveFocus();
    await waitFor(() => expect(announcements.assertive).toBe('Incoming call: Jana Nováková'));

    fake.emit('screenpop:focus', { uniqueid: '1700000000.1' });
    await waitFor(() => expect(within(card).getByRole('heading', { level: 2 })).toHaveFocus());
  });

  it('shows the newest ringing call and how many wait behind it', async () => {
    const { ring, fake } = setup();
    await ring();
    const second = ringing({ uniqueid: '1700000000.2' });
    fake.emit('calls:changed', [ringing(), second]);
    fake.emit(
      'screenpop:show',
      screenPop({ uniqueid: '1700000000.2', person: null, company: null, callerName: 'Reception' }),
    );
    const card = await screen.findByRole('complementary', { name: 'Reception' });
    expect(card).toHaveTextContent('1 more ringing');
    await fireEvent.click(within(card).getByRole('button', { name: 'Dismiss this card' }));
    expect(await screen.findByRole('complementary', { name: 'Jana Nováková' })).toBeVisible();
  });
});
