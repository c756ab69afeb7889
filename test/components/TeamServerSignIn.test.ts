/**
 * Signing the desktop app in to its team server from Settings ▸ Connection: in the system browser (the
 * address shown to open by hand, the time left, Cancel), with a pasted enrollment link (a refused link keeps
 * what was pasted, its error beside it), and once signed in: who, how the link is, and a confirmed Sign out.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamServerClientView } from '../../src-main/shared/contract';
import SettingsView from '../../src-renderer/views/SettingsView.svelte';
import { janaOnTeamServer, settingsView, teamServerView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';

type Answers = Parameters<typeof installFakeRingside>[0];

/** Chosen, not signed in: the sign-in panel. */
const signedOut = teamServerView({ kind: 'team-server', serverUrl: 'https://ringside.example.com' });
const signInUrl = 'https://ringside.example.com/native/authorize?state=abc&code_challenge=xyz';

function open(view: TeamServerClientView, answers: Answers = {}) {
  const asked: string[] = [];
  const recorded: Answers = {};
  for (const [channel, answer] of Object.entries(answers)) {
    (recorded as Record<string, unknown>)[channel] = (args: unknown) => {
      asked.push(channel);
      return (answer as (args: unknown) => unknown)(args);
    };
  }
  const fake = installFakeRingside({
    'settings:get': () => ok(settingsView({ mode: 'configured' }, { activeMode: 'configured' })),
    'teamServer:get': () => ok(view),
    ...recorded,
  });
  render(SettingsView);
  return { fake, asked };
}

afterEach(() => {
  // jsdom has no clipboard; the one test that needs it gives it one.
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('signing in in the system browser', () => {
  it('shows the address to open by hand and the time left, and Cancel ends it', async () => {
    const waiting = { ...signedOut, browserSignIn: { url: signInUrl, expiresAt: Date.now() + 5 * 60_000 } };
    const { asked } = open(signedOut, {
      'teamServer:signInWithBrowser': () => ok(waiting),
      'teamServer:cancelSignIn': () => ok(signedOut),
    });
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign in with your company account' }));

    const group = await screen.findByRole('group', { name: 'Finish signing in in your browser' });
    expect(group).toHaveTextContent(signInUrl);
    expect(group).toHaveTextContent(/Time left: [45]:\d\d/);
    expect(
      screen.queryByRole('button', { name: 'Sign in with your company account' }),
    ).not.toBeInTheDocument();
    // The link field stays: an agent whose browser cannot sign in may still paste a link.
    expect(screen.getByLabelText('Or paste an enrollment link')).toBeInTheDocument();

    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Sign in with your company account' })).toBeEnabled();
    expect(asked).toEqual(['teamServer:signInWithBrowser', 'teamServer:cancelSignIn']);
    // Cancelled by the agent: nothing to say about it.
    expect(screen.queryByText(/ended without signing this computer in/)).not.toBeInTheDocument();
  });

  it('copies the address', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open({ ...signedOut, browserSignIn: { url: signInUrl, expiresAt: Date.now() + 60_000 } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(signInUrl));
    expect(screen.queryByText(/could not be copied/)).not.toBeInTheDocument();
  });

  it('says to copy it by hand where the clipboard cannot be written', async () => {
    open({ ...signedOut, browserSignIn: { url: signInUrl, expiresAt: Date.now() + 60_000 } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Copy address' }));
    expect(
      await screen.findByText(/could not be copied: select it and copy it yourself/),
    ).toBeInTheDocument();
  });

  it('says so when the sign-in ends in the browser without signing in, and when it signs in', async () => {
    const waiting = { ...signedOut, browserSignIn: { url: signInUrl, expiresAt: Date.now() + 60_000 } };
    const { fake } = open(waiting);
    await screen.findByRole('group', { name: 'Finish signing in in your browser' });
    fake.emit('teamServer:changed', signedOut);
    expect(await screen.findByText(/ended without signing this computer in/)).toBeInTheDocument();

    fake.emit('teamServer:changed', waiting);
    fake.emit('teamServer:changed', teamServerView(janaOnTeamServer));
    expect(await screen.findByText('Signed in as Jana Nováková (jana)')).toBeInTheDocument();
    expect(screen.queryByText(/ended without signing this computer in/)).not.toBeInTheDocument();
  });

  it('gives the reason main reports when the browser sign-in ended without a session', async () => {
    const waiting = { ...signedOut, browserSignIn: { url: signInUrl, expiresAt: Date.now() + 60_000 } };
    const { fake } = open(waiting);
    await screen.findByRole('group', { name: 'Finish signing in in your browser' });
    const reason = 'You cancelled the sign-in in your browser. <b>Sign in again</b> when you are ready.';
    fake.emit('teamServer:changed', { ...signedOut, signInProblem: reason });
    // Main's sentence, as text: markup in it is shown, never run.
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByText(/it was refused or took too long/)).not.toBeInTheDocument();
  });
});

describe('signing in with an enrollment link', () => {
  const pasted = 'ringside://enroll?server=https%3A%2F%2Fringside.example.com#t0ken-used-before';

  it('keeps a refused link in its field with the reason beside it', async () => {
    const links: string[] = [];
    open(signedOut, {
      'teamServer:signInWithLink': ({ link }) => {
        links.push(link);
        return {
          ok: false,
          error: {
            code: 'auth-failed',
            message:
              'The team server refused the enrollment link (HTTP 401). Ask your administrator for a new one.',
          },
        };
      },
    });
    const field = await screen.findByLabelText('Or paste an enrollment link');
    await fireEvent.input(field, { target: { value: pasted } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(/refused the enrollment link \(HTTP 401\)/);
    expect(field).toHaveValue(pasted);
    expect(links).toEqual([pasted]);
  });

  it('asks for a link before sending nothing', async () => {
    const { asked } = open(signedOut, { 'teamServer:signInWithLink': () => ok(signedOut) });
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Or paste an enrollment link')).toHaveAccessibleDescription(
      /Paste the enrollment link first/,
    );
    expect(asked).toEqual([]);
  });

  it('signs in and forgets the used link', async () => {
    open(signedOut, { 'teamServer:signInWithLink': () => ok(teamServerView(janaOnTeamServer)) });
    await fireEvent.input(await screen.findByLabelText('Or paste an enrollment link'), {
      target: { value: pasted },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed in as Jana Nováková (jana)')).toBeInTheDocument();
    expect(screen.queryByDisplayValue(pasted)).not.toBeInTheDocument();
  });
});

describe('signed in', () => {
  it('says who and how the link is, following each change', async () => {
    const { fake } = open(teamServerView(janaOnTeamServer));
    expect(await screen.findByText('Signed in as Jana Nováková (jana)')).toBeInTheDocument();
    expect(screen.getByText('Connected to the team server.')).toBeInTheDocument();
    expect(screen.getByText(/session is kept in the OS keychain/)).toBeInTheDocument();
    fake.emit('teamServer:changed', teamServerView({ ...janaOnTeamServer, link: 'reconnecting' }));
    expect(await screen.findByText(/The team server cannot be reached/)).toBeInTheDocument();
    fake.emit(
      'teamServer:changed',
      teamServerView({ ...janaOnTeamServer, signedIn: false, link: 'signed-out' }),
    );
    expect(await screen.findByText(/ended this computer’s session: sign in again/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with your company account' })).toBeInTheDocument();
  });

  it('signs out only once confirmed, and Stay signed in changes nothing', async () => {
    const { asked } = open(teamServerView(janaOnTeamServer), {
      'teamServer:signOut': () => ok(signedOut),
    });
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    const question = screen.getByRole('group', {
      name: /Sign this computer out of https:\/\/ringside\.example\.com/,
    });
    expect(question).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus());
    await fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(asked).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus());

    await fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(
      await screen.findByRole('button', { name: 'Sign in with your company account' }),
    ).toBeInTheDocument();
    expect(asked).toEqual(['teamServer:signOut']);
    expect(screen.queryByText(/Signed in as/)).not.toBeInTheDocument();
  });
});
