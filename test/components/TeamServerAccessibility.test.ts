/**
 * axe (the engine of the e2e accessibility spec) over the team-server parts of the window in each state:
 * Settings ▸ Connection signed out with a browser sign-in waiting and a refused link, signed in with the
 * sign-out question, locked by a policy, and the ringside: link offer. jsdom lays nothing out, so colour
 * contrast is left to the e2e spec; names, roles, labels and ids are checked here.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { TeamServerClientView } from '../../src-main/shared/contract';
import App from '../../src-renderer/App.svelte';
import SettingsView from '../../src-renderer/views/SettingsView.svelte';
import { appInfo, janaOnTeamServer, offline, settingsView, teamServerView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';

const chosen = { kind: 'team-server', serverUrl: 'https://ringside.example.com' } as const;

async function violations(root: Element): Promise<string[]> {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map(
    ({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

function openSettings(view: TeamServerClientView) {
  installFakeRingside({
    'settings:get': () => ok(settingsView({ mode: 'configured' }, { activeMode: 'configured' })),
    'teamServer:get': () => ok(view),
    'teamServer:signInWithLink': () => ({
      ok: false,
      error: { code: 'auth-failed', message: 'The team server refused the enrollment link (HTTP 401).' },
    }),
  });
  return render(SettingsView);
}

describe('the team-server parts, accessibly', () => {
  it('signed out, a browser sign-in waiting, a link refused', async () => {
    const { container } = openSettings(
      teamServerView({
        ...chosen,
        browserSignIn: {
          url: 'https://ringside.example.com/native/authorize',
          expiresAt: Date.now() + 60_000,
        },
      }),
    );
    const field = await screen.findByLabelText('Or paste an enrollment link');
    await fireEvent.input(field, { target: { value: 'ringside://enroll#spent' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(await violations(container)).toEqual([]);
  });

  it('signed in, asked whether to sign out', async () => {
    const { container } = openSettings(teamServerView(janaOnTeamServer));
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await violations(container)).toEqual([]);
  });

  it('locked by a policy', async () => {
    const { container } = openSettings(teamServerView({ ...chosen, locked: true }));
    await screen.findByLabelText(/Team server address/);
    expect(await violations(container)).toEqual([]);
  });

  it('the offer of a ringside: link', async () => {
    const fake = installFakeRingside({
      'app:info': () => ok(appInfo),
      'connection:get': () => ok(offline),
      'teamServer:get': () => ok(teamServerView()),
    });
    render(App);
    await waitFor(() => expect(fake.listenerCount('teamServer:linkOffered')).toBe(1));
    fake.emit('teamServer:linkOffered', { serverUrl: 'https://ringside.example.com', offerId: 'offer-1' });
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to a team server?' });
    expect(await violations(dialog)).toEqual([]);
  });
});
