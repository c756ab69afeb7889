/**
 * Settings ▸ Connection on the desktop app: the choice between this computer's own connection to the PBX and
 * a team server (a labelled radio group), the server's address with its error beside it, a managed
 * deployment's locked server, the first run's team-server path, and none of it where the host cannot be a
 * client (the browser host answers `available: false`; an older main process knows no such command).
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { TeamServerChooseArgs, TeamServerClientView } from '../../src-main/shared/contract';
import SettingsView from '../../src-renderer/views/SettingsView.svelte';
import { janaOnTeamServer, settingsView, teamServerView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';

type Answers = Parameters<typeof installFakeRingside>[0];

/** Settings on this computer's own PBX (its form shown, not the demo's). */
const configured = settingsView({ mode: 'configured' }, { activeMode: 'configured' });

function open(view: TeamServerClientView | null, answers: Answers = {}, settings = configured) {
  const fake = installFakeRingside({
    'settings:get': () => ok(settings),
    ...(view ? { 'teamServer:get': () => ok(view) } : {}),
    ...answers,
  });
  render(SettingsView);
  return fake;
}

const NOTE = /Set by your organisation; it cannot be changed here/;

describe('Settings ▸ Connection where the host cannot be a team-server client', () => {
  it.each([
    ['the browser host', teamServerView({ available: false })],
    ['a main process without the command', null],
  ])('shows only the PBX form on %s', async (_host, view) => {
    open(view);
    await screen.findByLabelText(/PBX URL/);
    // Both reads have answered by the next task: what shows now is what stays.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('radiogroup', { name: 'How Ringside connects' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Team server address/)).not.toBeInTheDocument();
  });
});

describe('Settings ▸ Connection on the desktop app', () => {
  it('offers the choice as a labelled radio group, the PBX form first', async () => {
    open(teamServerView());
    const group = await screen.findByRole('radiogroup', { name: 'How Ringside connects' });
    const pbx = within(group).getByRole('radio', { name: 'This computer connects to the PBX' });
    const teamServer = within(group).getByRole('radio', { name: 'Team server' });
    expect(pbx).toBeChecked();
    expect(pbx).toBeEnabled();
    expect(teamServer).not.toBeChecked();
    expect(screen.getByLabelText(/PBX URL/)).toBeInTheDocument();

    await fireEvent.click(teamServer);
    expect(await screen.findByLabelText(/Team server address/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/PBX URL/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Client secret/)).not.toBeInTheDocument();
    // The settings that stay this computer's are still offered.
    expect(screen.getByLabelText('Default country')).toBeInTheDocument();
  });

  it('says why the address was refused beside it, keeps it, and uses the server once it is right', async () => {
    const chosen: TeamServerChooseArgs[] = [];
    open(teamServerView(), {
      'teamServer:choose': (args) => {
        chosen.push(args);
        if (args.serverUrl.startsWith('http://'))
          return {
            ok: false,
            error: { code: 'invalid-argument', message: 'The address must start with https://.' },
          };
        return ok(teamServerView({ kind: 'team-server', serverUrl: args.serverUrl }));
      },
    });
    await fireEvent.click(await screen.findByRole('radio', { name: 'Team server' }));
    const url = screen.getByLabelText(/Team server address/);
    await fireEvent.input(url, { target: { value: 'http://ringside.example.com' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Use this server' }));

    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(url).toHaveAccessibleDescription(/The address must start with https:\/\//);
    expect(url).toHaveValue('http://ringside.example.com');
    expect(chosen[0]).toEqual({ kind: 'team-server', serverUrl: 'http://ringside.example.com' });
    expect(screen.queryByRole('heading', { name: 'Signing in' })).not.toBeInTheDocument();

    await fireEvent.input(url, { target: { value: ' https://ringside.example.com ' } });
    expect(url).not.toHaveAttribute('aria-invalid');
    await fireEvent.click(screen.getByRole('button', { name: 'Use this server' }));
    expect(await screen.findByRole('heading', { name: 'Signing in' })).toBeInTheDocument();
    expect(chosen[1]).toEqual({ kind: 'team-server', serverUrl: 'https://ringside.example.com' });
    expect(url).toHaveValue('https://ringside.example.com');
    expect(screen.getByRole('button', { name: 'Sign in with your company account' })).toBeInTheDocument();
  });

  it('trusts exactly the certificate chosen, sent with the server; an unusable file is said beside the picker', async () => {
    const chosen: TeamServerChooseArgs[] = [];
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    open(teamServerView({ kind: 'team-server', serverUrl: 'https://ringside.example.com' }), {
      'certificate:inspect': (args) =>
        args.pem === pem
          ? ok({
              subject: 'CN=ringside.example.com',
              issuer: 'CN=Example Internal CA',
              fingerprint256: 'AB:CD',
              validFrom: '2026-01-01T00:00:00.000Z',
              validTo: '2027-12-31T00:00:00.000Z',
              expired: false,
              isCA: false,
              count: 1,
            })
          : { ok: false, error: { code: 'invalid-argument', message: 'This is no PEM certificate.' } },
      'teamServer:choose': (args) => {
        chosen.push(args);
        return ok(teamServerView({ kind: 'team-server', serverUrl: args.serverUrl }));
      },
    });
    const picker = await screen.findByLabelText('Choose a certificate file…');
    await fireEvent.change(picker, { target: { files: [new File([pem], 'server.pem')] } });
    expect(await screen.findByText('CN=ringside.example.com')).toBeInTheDocument();

    await fireEvent.change(screen.getByLabelText('Choose another file…'), {
      target: { files: [new File(['not a certificate'], 'notes.txt')] },
    });
    const another = screen.getByLabelText('Choose another file…');
    await waitFor(() =>
      expect(another).toHaveAccessibleDescription(/notes\.txt.*This is no PEM certificate/),
    );
    expect(screen.getByText('CN=ringside.example.com')).toBeInTheDocument();

    await fireEvent.click(screen.getByRole('button', { name: 'Use this server' }));
    await waitFor(() =>
      expect(chosen).toEqual([
        { kind: 'team-server', serverUrl: 'https://ringside.example.com', certificatePem: pem },
      ]),
    );
  });

  it('goes back to the PBX from a team server with one button', async () => {
    const chosen: TeamServerChooseArgs[] = [];
    open(teamServerView(janaOnTeamServer), {
      'teamServer:choose': (args) => {
        chosen.push(args);
        return ok(teamServerView({ ...janaOnTeamServer, kind: 'pbx' }));
      },
    });
    expect(await screen.findByText('Signed in as Jana Nováková (jana)')).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('radio', { name: 'This computer connects to the PBX' }));
    expect(
      screen.getByText(/Ringside runs on the team server https:\/\/ringside\.example\.com now/),
    ).toBeVisible();
    await fireEvent.click(screen.getByRole('button', { name: 'Connect this computer to the PBX' }));
    await waitFor(() => expect(chosen).toEqual([{ kind: 'pbx', serverUrl: 'https://ringside.example.com' }]));
    await waitFor(() =>
      expect(screen.queryByText(/Ringside runs on the team server/)).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText(/PBX URL/)).toBeInTheDocument();
  });

  it('says under the button why going back to the PBX was refused, and stays on the team server', async () => {
    open(teamServerView(janaOnTeamServer), {
      'teamServer:choose': () => ({
        ok: false,
        error: { code: 'internal', message: 'The keychain could not be read.' },
      }),
    });
    await fireEvent.click(await screen.findByRole('radio', { name: 'This computer connects to the PBX' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Connect this computer to the PBX' }));
    const problem = await screen.findByText(/The keychain could not be read\./);
    expect(problem.closest('[role="alert"]')).toHaveTextContent(
      /Not saved:.*The keychain could not be read\./,
    );
    expect(screen.getByText(/Ringside runs on the team server/)).toBeInTheDocument();
  });

  it('keeps the address being typed when the view changes underneath', async () => {
    const fake = open(teamServerView());
    await fireEvent.click(await screen.findByRole('radio', { name: 'Team server' }));
    const url = screen.getByLabelText(/Team server address/);
    await fireEvent.input(url, { target: { value: 'https://half.typ' } });
    fake.emit('teamServer:changed', teamServerView({ link: 'idle', credentialStorage: 'encrypted' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(url).toHaveValue('https://half.typ');
    expect(screen.getByRole('radio', { name: 'Team server' })).toBeChecked();
  });

  it('shows a managed deployment’s server read-only, with the note, and still lets the agent sign in', async () => {
    open(
      teamServerView({
        kind: 'team-server',
        serverUrl: 'https://ringside.example.com',
        locked: true,
        link: 'idle',
      }),
    );
    const group = await screen.findByRole('radiogroup', { name: 'How Ringside connects' });
    expect(group).toHaveAccessibleDescription(NOTE);
    for (const radio of within(group).getAllByRole('radio')) expect(radio).toBeDisabled();
    const url = screen.getByLabelText(/Team server address/);
    expect(url).toHaveValue('https://ringside.example.com');
    expect(url).toHaveAttribute('readonly');
    expect(url).toHaveAccessibleDescription(NOTE);
    expect(screen.queryByRole('button', { name: 'Use this server' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Choose a file|Choose another/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with your company account' })).toBeEnabled();
  });
});

describe('the first run on the desktop app', () => {
  const fresh = settingsView({ baseUrl: '', clientId: '' });

  it('offers the team server beside the PBX, and the full Settings once signed in', async () => {
    const fake = open(
      teamServerView(),
      {
        'teamServer:choose': (args) => ok(teamServerView({ kind: args.kind, serverUrl: args.serverUrl })),
      },
      fresh,
    );
    await fireEvent.click(
      await screen.findByRole('button', { name: 'My company runs a Ringside team server' }),
    );
    const heading = await screen.findByRole('heading', { name: 'Your company’s team server' });
    await waitFor(() => expect(heading).toHaveFocus());
    await fireEvent.input(screen.getByLabelText(/Team server address/), {
      target: { value: 'https://ringside.example.com' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Use this server' }));
    expect(await screen.findByRole('heading', { name: 'Signing in' })).toBeInTheDocument();

    fake.emit('teamServer:changed', teamServerView(janaOnTeamServer));
    const title = await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByRole('radio', { name: 'Team server' })).toBeChecked();
    expect(screen.getByText('Signed in as Jana Nováková (jana)')).toBeInTheDocument();
  });

  it('opens on the team server’s sign-in when one is chosen but not signed in to', async () => {
    open(teamServerView({ kind: 'team-server', serverUrl: 'https://ringside.example.com' }), {}, fresh);
    expect(await screen.findByRole('heading', { name: 'Your company’s team server' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Team server address/)).toHaveValue('https://ringside.example.com');
    expect(screen.getByRole('button', { name: 'Sign in with your company account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect a real PBX' })).not.toBeInTheDocument();
  });

  it('says nothing of a team server where the host cannot be a client', async () => {
    open(teamServerView({ available: false }), {}, fresh);
    await screen.findByRole('button', { name: 'Connect a real PBX' });
    expect(screen.queryByRole('button', { name: /team server/ })).not.toBeInTheDocument();
  });
});
