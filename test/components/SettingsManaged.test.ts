/**
 * Settings under a managed deployment policy: the fields the organisation locks show their value, read-only
 * (the checkbox disabled), with a note that says why; the others stay editable. And "start hidden in the
 * tray", an option of "start at login".
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { SettingsSaveArgs, SettingsView as View } from '../../src-main/shared/contract';
import SettingsView from '../../src-renderer/views/SettingsView.svelte';
import { settingsView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';

function open(view: View) {
  const saved: SettingsSaveArgs[] = [];
  installFakeRingside({
    'settings:get': () => ok(view),
    'settings:save': (args) => {
      saved.push(args);
      return ok({ saved: true, view }) as never;
    },
  });
  render(SettingsView);
  return saved;
}

const NOTE = /Set by your organisation; it cannot be changed here/;

describe('Settings under a managed policy', () => {
  it('shows locked fields read-only, each with the note, and leaves the others editable', async () => {
    open(
      settingsView(
        { mode: 'configured', agentUsername: 'jnovak' },
        { activeMode: 'configured', locked: ['baseUrl', 'clientId', 'agentUsername', 'confirmBeforeDial'] },
      ),
    );
    const url = await screen.findByLabelText(/PBX URL/);
    expect(url).toHaveValue('https://pbx.example.com/api/v1.0');
    expect(url).toHaveAttribute('readonly');
    expect(url).toHaveAccessibleDescription(NOTE);
    expect(screen.getByLabelText(/Client id/)).toHaveAttribute('readonly');
    const agent = screen.getByLabelText('Agent username');
    expect(agent).toHaveValue('jnovak');
    expect(agent).toHaveAttribute('readonly');
    expect(agent).toHaveAccessibleDescription(NOTE);
    const confirm = screen.getByLabelText(/Ask before dialling/);
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(NOTE);

    expect(screen.getByLabelText(/Client secret/)).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Default country')).not.toHaveAttribute('readonly');
  });

  it('says nothing of a policy when there is none', async () => {
    open(settingsView({ mode: 'configured' }, { activeMode: 'configured' }));
    const url = await screen.findByLabelText(/PBX URL/);
    expect(url).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Ask before dialling/)).toBeEnabled();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
  });
});

describe('start hidden in the tray', () => {
  it('is an option of start at login, saved with the settings', async () => {
    const saved = open(settingsView());
    const hidden = await screen.findByLabelText('Start hidden in the tray');
    expect(hidden).toBeDisabled();
    await fireEvent.click(screen.getByLabelText('Start Ringside when I log in'));
    expect(hidden).toBeEnabled();
    await fireEvent.click(hidden);
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.settings).toMatchObject({ startAtLogin: true, startHidden: true });
  });
});
