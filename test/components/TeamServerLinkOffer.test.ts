/**
 * A `ringside:` enrollment link the OS handed to the desktop app: the window asks before signing in, naming
 * the server the link points at as text (a link from anyone could name any server, and any characters),
 * with the focus on Cancel; Sign in accepts it, Cancel and Esc dismiss it, and a refusal is said in the
 * dialog, which stays.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TeamServerLinkOffer } from '../../src-main/shared/contract';
import App from '../../src-renderer/App.svelte';
import { appInfo, janaOnTeamServer, offline, teamServerView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';

const offer: TeamServerLinkOffer = { serverUrl: 'https://ringside.example.com', offerId: 'offer-1' };

function open(
  accept: () => ReturnType<typeof ok> | { ok: false; error: { code: 'auth-failed'; message: string } },
) {
  const answered: { channel: string; offerId: string }[] = [];
  const fake = installFakeRingside({
    'app:info': () => ok(appInfo),
    'connection:get': () => ok(offline),
    'teamServer:get': () => ok(teamServerView()),
    'teamServer:acceptOffer': ({ offerId }) => {
      answered.push({ channel: 'accept', offerId });
      return accept() as never;
    },
    'teamServer:dismissOffer': ({ offerId }) => {
      answered.push({ channel: 'dismiss', offerId });
      return ok(teamServerView());
    },
  });
  render(App);
  return { fake, answered };
}

async function offered(fake: ReturnType<typeof installFakeRingside>, next = offer): Promise<HTMLElement> {
  await waitFor(() => expect(fake.listenerCount('teamServer:linkOffered')).toBe(1));
  fake.emit('teamServer:linkOffered', next);
  return screen.findByRole('dialog', { name: 'Sign in to a team server?' });
}

describe('the offer of a ringside: link', () => {
  beforeEach(() => {
    window.location.hash = '';
  });

  it('names the server, starts on Cancel, and signs in when the agent says so', async () => {
    const { fake, answered } = open(() => ok(teamServerView(janaOnTeamServer)));
    const dialog = await offered(fake);
    expect(dialog).toHaveAccessibleDescription(
      'A link asks to sign this computer in to the team server https://ringside.example.com. Only continue if your administrator sent it.',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(answered).toEqual([{ channel: 'accept', offerId: 'offer-1' }]);
  });

  it('is dismissed by Esc, and nothing signs in', async () => {
    const { fake, answered } = open(() => ok(teamServerView(janaOnTeamServer)));
    const dialog = await offered(fake);
    await fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(answered).toEqual([{ channel: 'dismiss', offerId: 'offer-1' }]);
  });

  it('says why the server refused, and stays for Cancel', async () => {
    const { fake, answered } = open(() => ({
      ok: false,
      error: { code: 'auth-failed', message: 'The team server refused the enrollment link (HTTP 401).' },
    }));
    const dialog = await offered(fake);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /refused the enrollment link \(HTTP 401\)/,
    );
    expect(dialog).toHaveAttribute('open');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(answered.map(({ channel }) => channel)).toEqual(['accept', 'dismiss']);
  });

  it('shows a hostile server name as text, never as markup', async () => {
    const { fake } = open(() => ok(teamServerView()));
    const hostile = 'https://evil.example"><img src=x onerror="alert(1)">';
    const dialog = await offered(fake, { serverUrl: hostile, offerId: 'offer-2' });
    expect(dialog).toHaveTextContent(hostile);
    expect(dialog.querySelector('img')).toBeNull();
  });

  it('asks about the newest link, dismissing the one it replaces', async () => {
    const { fake, answered } = open(() => ok(teamServerView(janaOnTeamServer)));
    await offered(fake);
    fake.emit('teamServer:linkOffered', { serverUrl: 'https://other.example.com', offerId: 'offer-3' });
    const dialog = screen.getByRole('dialog', { name: 'Sign in to a team server?' });
    await waitFor(() => expect(dialog).toHaveTextContent('https://other.example.com'));
    expect(answered).toEqual([{ channel: 'dismiss', offerId: 'offer-1' }]);
  });
});
