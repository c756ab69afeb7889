/**
 * Settings ▸ Privacy: the retention period (90 days unless chosen otherwise, saved with the settings) and
 * "Clear local data" (a confirmation that warns about unsent wrap-ups; main refuses when more are waiting
 * than the agent was told, and the dialog then says how many).
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type {
  PendingSave,
  PrivacyClearArgs,
  PrivacyClearResult,
  SettingsSaveArgs,
  SettingsView as View,
} from '../../src-main/shared/contract';
import SettingsView from '../../src-renderer/views/SettingsView.svelte';
import { settingsView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';

const view: View = settingsView();

function pending(count: number): PendingSave[] {
  return Array.from({ length: count }, (_, index) => ({
    uniqueid: `1700000000.${index}`,
    state: 'queued',
    attempts: 1,
    message: null,
    savedAt: 1,
    nextAttemptAt: null,
    remote: null,
  })) as PendingSave[];
}

function open(options: { unsent?: number; clear?: (args: PrivacyClearArgs) => PrivacyClearResult } = {}) {
  const saved: SettingsSaveArgs[] = [];
  const clears: PrivacyClearArgs[] = [];
  installFakeRingside({
    'settings:get': () => ok(view),
    'settings:save': (args) => {
      saved.push(args);
      return ok({ saved: true, view: { ...view, settings: args.settings } });
    },
    'wrapup:pending': () => ok(pending(options.unsent ?? 0)),
    'privacy:clear': (args) => {
      clears.push(args);
      return ok(options.clear?.(args) ?? { cleared: true });
    },
  });
  render(SettingsView);
  return { saved, clears };
}

describe('Settings ▸ Privacy', () => {
  it('keeps the history 90 days unless the agent chooses another period, saved with the settings', async () => {
    const { saved } = open();
    const retention = await screen.findByLabelText(
      'Keep call history, transcripts and notes on this computer',
    );
    expect(retention).toHaveDisplayValue('90 days');
    expect(
      within(retention)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['7 days', '30 days', '90 days', '1 year', 'Until I clear it']);

    await fireEvent.change(retention, { target: { value: '0' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.settings.historyRetentionDays).toBe(7);

    await fireEvent.change(retention, { target: { value: '4' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.settings.historyRetentionDays).toBeNull();
  });

  it('asks before clearing, warns about unsent wrap-ups, and says when it is done', async () => {
    const { clears } = open({ unsent: 2 });
    await fireEvent.click(await screen.findByRole('button', { name: 'Clear local data…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Clear local data?' });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('settings and the stored client secret stay'),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '2 wrap-ups have not reached the PBX yet. Clearing deletes them: they will never be sent.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(clears).toEqual([]);

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Clear local data' }));

    await waitFor(() => expect(clears).toEqual([{ unsentWrapUps: 2 }]));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(await screen.findByText(/^Local data cleared\./)).toBeVisible();
  });

  it('cancelling clears nothing', async () => {
    const { clears } = open();
    await fireEvent.click(await screen.findByRole('button', { name: 'Clear local data…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear local data?' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog).not.toHaveAttribute('open');
    expect(clears).toEqual([]);
  });

  it('asks again when more wrap-ups wait than the dialog said', async () => {
    const { clears } = open({
      unsent: 0,
      clear: ({ unsentWrapUps }) =>
        unsentWrapUps < 1 ? { cleared: false, unsentWrapUps: 1 } : { cleared: true },
    });
    await fireEvent.click(await screen.findByRole('button', { name: 'Clear local data…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear local data?' });

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Clear local data' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '1 wrap-up has not reached the PBX yet',
    );
    expect(dialog).toHaveAttribute('open');

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Clear local data' }));
    await waitFor(() => expect(clears).toEqual([{ unsentWrapUps: 0 }, { unsentWrapUps: 1 }]));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
  });
});
