/**
 * The wrap-up docks beside the screens instead of covering them: the agent moves between Calls, History
 * and Settings with a note half written, each screen stays usable, and nothing typed is lost. The keyboard
 * reaches the panel and leaves it where it came from.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HistoryListArgs, HistoryPage, SettingsView as View } from '../../src-main/shared/contract';
import App from '../../src-renderer/App.svelte';
import { appInfo, settingsView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';
import { historyItem, janaCall, wrapUp } from './historyFixtures';

const settings: View = settingsView(
  { mode: 'configured', agentUsername: 'jana', phone: { extension: '201', partition: 1 } },
  { activeMode: 'configured', demoAvailable: false },
);

const page = (items: HistoryPage['items']): HistoryPage => ({ items, nextCursor: null, missedUnseen: 0 });
const bobCall = historyItem(2, { uniqueid: '1773130002.9', remote: { ...janaCall.remote, pbxName: 'Bob' } });

function setup() {
  const listed: HistoryListArgs[] = [];
  const fake = installFakeRingside({
    'app:info': () => ok({ ...appInfo, mode: 'configured' }),
    'connection:get': () => ok({ status: 'connected', message: 'Connected.', since: 1 }),
    'settings:get': () => ok(settings),
    'calls:list': () => ok([]),
    'wrapup:pending': () => ok([]),
    'wrapup:get': ({ uniqueid }) => ok(wrapUp({ call: uniqueid === bobCall.uniqueid ? bobCall : janaCall })),
    'history:list': (args) => {
      listed.push(args);
      return ok(page([janaCall]));
    },
  });
  render(App);
  return { fake, listed };
}

const dock = () => screen.getByRole('complementary', { name: 'Wrap-up' });
const note = () => within(dock()).getByRole('textbox', { name: 'Note' });

async function show(hash: string, heading: string): Promise<void> {
  window.location.hash = hash;
  // A screen's first opening loads its module: under a busy machine that takes longer than findBy's 1 s.
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 });
}

async function callEnds(fake: ReturnType<typeof setup>['fake'], call = janaCall): Promise<HTMLElement> {
  fake.emit('call:ended', { uniqueid: call.uniqueid, call });
  const form = await screen.findByRole('form', { name: /^Wrap up: / });
  await within(form).findByRole('radio', { name: 'Resolved' });
  return form;
}

describe('the docked wrap-up', () => {
  beforeEach(() => {
    window.location.hash = '#/calls';
  });

  it('sits beside the screen, not in it, and keeps the note across History and Settings', async () => {
    const { fake, listed } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Calls' });
    await callEnds(fake);
    expect(screen.getByRole('main')).not.toContainElement(dock());
    await fireEvent.input(note(), { target: { value: 'Refund promised by Friday' } });

    // History works while the panel is open: a filter asks for the missed calls.
    await show('#/history', 'History');
    await fireEvent.click(await screen.findByRole('button', { name: 'Missed' }));
    await waitFor(() => expect(listed.at(-1)).toMatchObject({ filter: 'missed' }));
    expect(note()).toHaveValue('Refund promised by Friday');

    // So does Settings: its fields take typing.
    await show('#/settings', 'Settings');
    const country = await screen.findByLabelText('Default country');
    await fireEvent.input(country, { target: { value: 'SK' } });
    expect(country).toHaveValue('SK');
    expect(note()).toHaveValue('Refund promised by Friday');

    await show('#/calls', 'Calls');
    expect(note()).toHaveValue('Refund promised by Friday');
    expect(document.title).toBe('Calls · Ringside');
  });

  it('keeps each call’s draft, the field being added included, when switching between calls', async () => {
    const { fake } = setup();
    await callEnds(fake);
    await fireEvent.input(note(), { target: { value: 'Jana: refund' } });
    await fireEvent.input(within(dock()).getByRole('textbox', { name: 'New field name' }), {
      target: { value: 'ticket' },
    });
    // A second call ends while Jana's wrap-up holds unsaved text: it waits behind it, in a tab.
    fake.emit('call:ended', { uniqueid: bobCall.uniqueid, call: bobCall });
    const tabs = await within(dock()).findByRole('group', { name: 'Calls to wrap up' });
    expect(note()).toHaveValue('Jana: refund');

    await fireEvent.click(within(tabs).getAllByRole('button')[1]!);
    await within(dock()).findByRole('form', { name: 'Wrap up: Bob' });
    await fireEvent.input(note(), { target: { value: 'Bob: call back' } });

    await fireEvent.click(within(tabs).getAllByRole('button')[0]!);
    await within(dock()).findByRole('form', { name: 'Wrap up: Jana Nováková' });
    expect(note()).toHaveValue('Jana: refund');
    expect(within(dock()).getByRole('textbox', { name: 'New field name' })).toHaveValue('ticket');
  });

  it('opens without taking the keyboard from a field the agent types in', async () => {
    const { fake } = setup();
    await show('#/settings', 'Settings');
    const country = await screen.findByLabelText('Default country');
    country.focus();
    await callEnds(fake);
    expect(country).toHaveFocus();
  });

  it('takes the keyboard when a call ends and nothing has it (the agent hung up with it)', async () => {
    const { fake } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Calls' });
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    await callEnds(fake);
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H2'));
    expect(dock()).toContainElement(document.activeElement as HTMLElement);
  });

  it('is reached by a skip link; Esc leaves it for where the focus came from, and it stays open', async () => {
    const { fake } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Calls' });
    await callEnds(fake);
    const link = screen.getByRole('link', { name: 'dial pad' });
    link.focus();

    await fireEvent.click(screen.getByRole('link', { name: 'Skip to the wrap-up' }));
    expect(dock()).toHaveFocus();
    note().focus();
    await fireEvent.keyDown(note(), { key: 'Escape' });
    expect(link).toHaveFocus();
    expect(dock()).toBeInTheDocument();
  });

  it('Close gives the focus back to the screen and keeps the unsaved draft for later', async () => {
    const { fake } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Calls' });
    await callEnds(fake);
    await fireEvent.input(note(), { target: { value: 'Half-written' } });
    note().focus();
    await fireEvent.click(within(dock()).getByRole('button', { name: 'Close the wrap-up' }));
    expect(screen.queryByRole('complementary', { name: 'Wrap-up' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());

    fake.emit('call:ended', { uniqueid: janaCall.uniqueid, call: janaCall });
    expect(await screen.findByRole('textbox', { name: 'Note' })).toHaveValue('Half-written');
  });
});
