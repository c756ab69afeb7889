/**
 * What the agent types in a wrap-up panel is kept on disk as it is typed (once typing rests), dropped when it
 * is saved, and after a restart the kept draft opens again for its call, saying so.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { KeptDraft, WrapUpDraft, WrapUpDraftArgs } from '../../src-main/shared/contract';
import { announcements } from '../../src-renderer/lib/announcer.svelte';
import { DRAFT_KEEP_DELAY_MS } from '../../src-renderer/lib/state/wrapup.svelte';
import { installFakeRingside, ok } from './fakeRingside';
import HistoryHost from './HistoryHost.svelte';
import { janaCall, pendingSave, wrapUp } from './historyFixtures';

const typed: WrapUpDraft = {
  disposition: 'callback',
  note: 'Wants a call back on Monday',
  followUp: true,
  metadata: { crm_case: 'C-2001' },
  newKey: 'order',
  newValue: '',
};

function setup(options: { kept?: KeptDraft[]; draftOnGet?: WrapUpDraft | null } = {}) {
  const drafts: WrapUpDraftArgs[] = [];
  const fake = installFakeRingside({
    'wrapup:get': () => ok(wrapUp({ draft: options.draftOnGet ?? null })),
    'wrapup:pending': () => ok([]),
    'wrapup:drafts': () => ok(options.kept ?? []),
    'wrapup:draft': (args) => {
      drafts.push(args);
      return ok({ kept: args.draft !== null });
    },
    'wrapup:save': (args) =>
      ok({
        saved: { ...args, savedAt: Date.now(), writtenAt: null },
        pending: pendingSave({ state: 'queued' }),
      }),
  });
  render(HistoryHost, { withHistory: false });
  return { fake, drafts };
}

const panel = () => screen.getByRole('form', { name: 'Wrap up: Jana Nováková' });
const note = () => within(panel()).getByRole('textbox', { name: 'Note' });

describe('wrap-up drafts', () => {
  it('keeps what is typed on disk once typing rests, and drops it when saved', async () => {
    const { fake, drafts } = setup();
    fake.emit('call:ended', { uniqueid: janaCall.uniqueid, call: janaCall });
    await within(await screen.findByRole('form', { name: 'Wrap up: Jana Nováková' })).findByRole('radio', {
      name: 'Resolved',
    });
    await fireEvent.input(note(), { target: { value: 'Wants a call' } });
    await fireEvent.input(note(), { target: { value: 'Wants a call back' } });
    await waitFor(() => expect(drafts.length).toBeGreaterThan(0), { timeout: DRAFT_KEEP_DELAY_MS * 4 });
    // Debounced: the rest after the last keystroke sends the text as it stands, once.
    expect(drafts).toEqual([
      {
        uniqueid: janaCall.uniqueid,
        draft: expect.objectContaining({ note: 'Wants a call back', disposition: null, followUp: false }),
      },
    ]);

    await fireEvent.click(within(panel()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(drafts.at(-1)).toEqual({ uniqueid: janaCall.uniqueid, draft: null }), {
      timeout: DRAFT_KEEP_DELAY_MS * 4,
    });
  });

  it('opens the panel again after a restart with the draft as typed, and says it is not saved', async () => {
    setup({
      kept: [{ uniqueid: janaCall.uniqueid, draft: typed, updatedAt: Date.now(), call: janaCall }],
      draftOnGet: typed,
    });
    await within(await screen.findByRole('form', { name: 'Wrap up: Jana Nováková' })).findByRole('radio', {
      name: 'Resolved',
    });
    await waitFor(() => expect(note()).toHaveValue('Wants a call back on Monday'));
    expect(within(panel()).getByRole('radio', { name: 'Call back' })).toBeChecked();
    expect(within(panel()).getByRole('checkbox', { name: 'Follow up on this call' })).toBeChecked();
    expect(within(panel()).getByText(/Restored what you typed before Ringside closed/)).toBeVisible();
    await waitFor(() =>
      expect(announcements.polite).toMatch(/unsaved wrap-up of the call with Jana Nováková .* is open again/),
    );
  });
});
