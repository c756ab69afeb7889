/**
 * Settings for keyboard and screen-reader users: the "Clear local data" dialog takes the focus, closes on
 * Escape and gives the focus back; a save and a clearing are announced politely; headings are in order.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { announcements } from '../../src-renderer/lib/announcer.svelte';
import SettingsView from '../../src-renderer/views/SettingsView.svelte';
import { settingsView } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';

function open(): void {
  const view = settingsView();
  installFakeRingside({
    'settings:get': () => ok(view),
    'settings:save': (args) => ok({ saved: true, view: { ...view, settings: args.settings } }),
    'locale:get': () => ok({ locale: 'en', choice: 'auto', automatic: 'en' }),
    'wrapup:pending': () => ok([]),
    'privacy:clear': () => ok({ cleared: true }),
  });
  render(SettingsView);
}

async function openDialog(): Promise<{ opener: HTMLElement; dialog: HTMLElement }> {
  const opener = await screen.findByRole('button', { name: 'Clear local data…' });
  opener.focus();
  await fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Clear local data?' });
  return { opener, dialog };
}

describe('Settings, accessibly', () => {
  it('moves the focus into the dialog, closes it on Escape and gives the focus back', async () => {
    open();
    const { opener, dialog } = await openDialog();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());

    await fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog).not.toHaveAttribute('open');
    expect(opener).toHaveFocus();
  });

  it('announces a clearing and a save politely', async () => {
    open();
    const { opener, dialog } = await openDialog();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Clear local data' }));
    await waitFor(() => expect(announcements.polite).toMatch(/^Local data cleared\./));
    expect(opener).toHaveFocus();

    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(announcements.polite).toBe('Saved. Ringside uses the demo PBX.'));
  });

  it('keeps its headings in order: Settings, then Language', async () => {
    open();
    await screen.findByLabelText('Default country');
    const headings = screen.getAllByRole('heading').map((heading) => heading.tagName);
    expect(headings.slice(0, 2)).toEqual(['H1', 'H2']);
    expect(screen.getByRole('heading', { level: 2, name: 'Language' })).toBeInTheDocument();
  });
});
