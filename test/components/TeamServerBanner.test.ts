/**
 * The desktop app on a team server says above every screen when the server cannot be reached (it reconnects
 * by itself) and when the server signed it out (Sign in again, in Settings), and what the agent typed (the
 * dial pad's number, a wrap-up note) is still there through the banner and the reconnect. On this
 * computer's own PBX connection an offline PBX keeps to the status bar, as before.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionState, TeamServerClientView } from '../../src-main/shared/contract';
import App from '../../src-renderer/App.svelte';
import { appInfo, janaOnTeamServer, teamServerView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';
import { janaCall, wrapUp } from './historyFixtures';

const connected: ConnectionState = {
  status: 'connected',
  message: 'Connected to the team server.',
  since: 1,
};
const unreachable: ConnectionState = {
  status: 'offline',
  message: 'The team server cannot be reached; reconnecting in 4 s.',
  since: 2,
};
const signedOut: ConnectionState = {
  status: 'credentials-rejected',
  message: 'The team server ended this computer’s session.',
  since: 3,
};

function setup(view: TeamServerClientView) {
  const fake = installFakeRingside({
    'app:info': () => ok({ ...appInfo, mode: 'configured' }),
    'connection:get': () => ok(connected),
    'teamServer:get': () => ok(view),
    'dial:resolve': ({ raw }) => ok({ ok: false, reason: `“${raw}” is checked once the server answers.` }),
    'dial:recent': () => ok([]),
    'calls:list': () => ok([]),
    'wrapup:pending': () => ok([]),
    'wrapup:get': () => ok(wrapUp({ call: janaCall })),
  });
  render(App);
  return fake;
}

const banner = () => screen.queryByText(/The team server cannot be reached\./);

describe('the team server’s banner', () => {
  beforeEach(() => {
    window.location.hash = '#/dial';
  });

  it('says the server cannot be reached, and the number and the note typed stay through the reconnect', async () => {
    const fake = setup(teamServerView(janaOnTeamServer));
    const number = await screen.findByLabelText('Number');
    await fireEvent.input(number, { target: { value: '+420 777 123 456' } });
    fake.emit('call:ended', { uniqueid: janaCall.uniqueid, call: janaCall });
    const form = await screen.findByRole('form', { name: /^Wrap up: / });
    const note = await within(form).findByRole('textbox', { name: 'Note' });
    await fireEvent.input(note, { target: { value: 'Wants a call back on Monday' } });

    fake.emit('connection:state', unreachable);
    await waitFor(() => expect(banner()).toBeInTheDocument());
    expect(screen.getByText(/Ringside reconnects by itself; what you typed stays here/)).toBeInTheDocument();
    expect(screen.getByLabelText('Number')).toBe(number);
    expect(number).toHaveValue('+420 777 123 456');

    fake.emit('connection:state', { ...connected, since: 4 });
    // Reconnected: the server sends the ended call again as it re-reads the current state.
    fake.emit('call:ended', { uniqueid: janaCall.uniqueid, call: janaCall });
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(screen.getByLabelText('Number')).toBe(number);
    expect(number).toHaveValue('+420 777 123 456');
    expect(
      within(screen.getByRole('form', { name: /^Wrap up: / })).getByRole('textbox', { name: 'Note' }),
    ).toHaveValue('Wants a call back on Monday');
  });

  it('says the server signed this computer out, with the way to Settings to sign in again', async () => {
    const fake = setup(teamServerView(janaOnTeamServer));
    const number = await screen.findByLabelText('Number');
    await fireEvent.input(number, { target: { value: '201' } });
    fake.emit('connection:state', signedOut);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Signed out of the team server: The team server ended this computer’s session.',
    );
    expect(within(alert).getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '#/settings');
    expect(number).toHaveValue('201');
  });

  it('stays away on this computer’s own PBX connection, where the status bar says it', async () => {
    const fake = setup(teamServerView());
    await screen.findByLabelText('Number');
    fake.emit('connection:state', { ...unreachable, message: 'The PBX did not answer.' });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/Offline/));
    expect(banner()).not.toBeInTheDocument();
  });
});
