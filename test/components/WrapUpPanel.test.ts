import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { IpcResult, WrapUpSaveArgs, WrapUpSaveResult } from '../../src-main/shared/contract';
import { announcements } from '../../src-renderer/lib/announcer.svelte';
import { installFakeRingside, ok } from './fakeRingside';
import HistoryHost from './HistoryHost.svelte';
import { janaCall, pendingSave, wrapUp } from './historyFixtures';

function savedResult(args: WrapUpSaveArgs, state: 'queued' | 'rejected' = 'queued'): WrapUpSaveResult {
  return {
    saved: {
      disposition: args.disposition,
      note: args.note,
      followUp: args.followUp,
      savedAt: Date.now(),
      writtenAt: null,
    },
    pending: pendingSave({ state }),
  };
}

function setup(
  save: (args: WrapUpSaveArgs) => IpcResult<WrapUpSaveResult> = (args) => ok(savedResult(args)),
) {
  const saves: WrapUpSaveArgs[] = [];
  const discarded: string[] = [];
  const fake = installFakeRingside({
    'wrapup:get': () => ok(wrapUp()),
    'wrapup:pending': () => ok([]),
    'wrapup:save': (args) => {
      saves.push(args);
      return save(args);
    },
    'wrapup:discard': ({ uniqueid }) => {
      discarded.push(uniqueid);
      return ok({ discarded: true });
    },
  });
  render(HistoryHost, { withHistory: false });
  return { fake, saves, discarded };
}

const panel = () => screen.getByRole('form', { name: 'Wrap up: Jana Nováková' });
const note = () => within(panel()).getByRole('textbox', { name: 'Note' });

async function callEnds(fake: ReturnType<typeof setup>['fake']): Promise<void> {
  fake.emit('call:ended', { uniqueid: janaCall.uniqueid, call: janaCall });
  await screen.findByRole('form', { name: 'Wrap up: Jana Nováková' });
  await within(panel()).findByRole('radio', { name: 'Resolved' });
}

describe('the wrap-up panel', () => {
  it('opens when a call ends, without taking the keyboard, and announces itself', async () => {
    const { fake } = setup();
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    await callEnds(fake);
    expect(elsewhere).toHaveFocus();
    await waitFor(() =>
      expect(announcements.polite).toBe('The call with Jana Nováková ended. The wrap-up panel is open.'),
    );
    expect(
      within(panel())
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent?.trim()),
    ).toEqual(['None', 'Resolved', 'Call back']);
    elsewhere.remove();
  });

  it('does not open for a missed call', async () => {
    const { fake } = setup();
    fake.emit('call:ended', {
      uniqueid: janaCall.uniqueid,
      call: { ...janaCall, outcome: 'missed', answeredAt: null },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('saves at once and says where the save stands: this computer, then the PBX', async () => {
    const { fake, saves } = setup();
    await callEnds(fake);
    await fireEvent.click(within(panel()).getByRole('radio', { name: 'Resolved' }));
    await fireEvent.input(note(), { target: { value: 'Refund sent, customer happy.' } });
    await fireEvent.click(within(panel()).getByRole('checkbox', { name: 'Follow up on this call' }));
    await fireEvent.click(within(panel()).getByRole('button', { name: 'Save' }));

    expect(saves).toEqual([
      {
        uniqueid: janaCall.uniqueid,
        disposition: 'resolved',
        note: 'Refund sent, customer happy.',
        followUp: true,
        metadata: {},
      },
    ]);
    expect(await within(panel()).findByText('Saved on this computer, waiting for the PBX')).toBeVisible();
    await waitFor(() => expect(announcements.polite).toBe('Saved on this computer, waiting for the PBX'));
    fake.emit('wrapup:changed', { uniqueid: janaCall.uniqueid, pending: null, pendingCount: 0 });
    expect(await within(panel()).findByText('Saved to the PBX')).toBeVisible();
    await waitFor(() => expect(announcements.polite).toBe('Saved to the PBX'));
    expect(note()).toHaveValue('Refund sent, customer happy.');
  });

  it('keeps what was typed when the save fails, and saves it on the next try', async () => {
    let failing = true;
    const { fake, saves } = setup((args) =>
      failing
        ? { ok: false, error: { code: 'internal', message: 'The cache is read-only.' } }
        : ok(savedResult(args)),
    );
    await callEnds(fake);
    await fireEvent.input(note(), { target: { value: 'Do not lose me' } });
    await fireEvent.click(within(panel()).getByRole('button', { name: 'Save' }));
    // The headline is the renderer's own for the code; main's sentence follows as the detail.
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Not saved: Something went wrong inside Ringside. The cache is read-only.',
    );
    expect(note()).toHaveValue('Do not lose me');

    failing = false;
    await fireEvent.click(within(panel()).getByRole('button', { name: 'Save' }));
    await within(panel()).findByText('Saved on this computer, waiting for the PBX');
    expect(saves.map((args) => args.note)).toEqual(['Do not lose me', 'Do not lose me']);
  });

  it('shows the PBX’s refusal with Retry and Discard, and keeps the note', async () => {
    const { fake, saves, discarded } = setup((args) => ok(savedResult(args)));
    await callEnds(fake);
    await fireEvent.input(note(), { target: { value: 'Needs a supervisor' } });
    await fireEvent.click(within(panel()).getByRole('button', { name: 'Save' }));
    await within(panel()).findByText('Saved on this computer, waiting for the PBX');
    fake.emit('wrapup:changed', {
      uniqueid: janaCall.uniqueid,
      pending: pendingSave({ state: 'rejected', message: 'Your role may not edit call metadata.' }),
      pendingCount: 1,
    });
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'The PBX did not accept this save: Your role may not edit call metadata.',
    );
    expect(note()).toHaveValue('Needs a supervisor');

    await fireEvent.click(within(panel()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.note).toBe('Needs a supervisor');

    fake.emit('wrapup:changed', {
      uniqueid: janaCall.uniqueid,
      pending: pendingSave({ state: 'rejected', message: 'Still not allowed.' }),
      pendingCount: 1,
    });
    await fireEvent.click(await within(panel()).findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(discarded).toEqual([janaCall.uniqueid]));
    expect(
      await within(panel()).findByText('Saved on this computer only (not sent to the PBX)'),
    ).toBeVisible();
    expect(note()).toHaveValue('Needs a supervisor');
  });

  it('keeps an unsaved draft when closed and opened again', async () => {
    const { fake } = setup();
    await callEnds(fake);
    await fireEvent.input(note(), { target: { value: 'Half-written thought' } });
    await fireEvent.click(within(panel()).getByRole('button', { name: 'Close the wrap-up' }));
    expect(screen.queryByRole('form')).toBeNull();
    fake.emit('call:ended', { uniqueid: janaCall.uniqueid, call: janaCall });
    expect(await screen.findByRole('textbox', { name: 'Note' })).toHaveValue('Half-written thought');
  });

  it('edits the call’s metadata: change, clear and add are sent as differences', async () => {
    const { fake, saves } = setup();
    await callEnds(fake);
    const form = panel();
    // Ringside's own keys are the form's fields, not metadata rows.
    expect(within(form).queryByRole('textbox', { name: 'ringside.note' })).toBeNull();
    await fireEvent.input(within(form).getByRole('textbox', { name: 'priority' }), {
      target: { value: '3' },
    });
    await fireEvent.click(within(form).getByRole('button', { name: 'Clear crm_case' }));
    expect(within(form).getByText('Cleared when you save')).toBeVisible();
    await fireEvent.input(within(form).getByRole('textbox', { name: 'New field name' }), {
      target: { value: 'ringside.x' },
    });
    await fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('are Ringside’s own');
    await fireEvent.input(within(form).getByRole('textbox', { name: 'New field name' }), {
      target: { value: 'ticket' },
    });
    await fireEvent.input(within(form).getByRole('textbox', { name: 'New field value' }), {
      target: { value: 'T-77' },
    });
    await fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(saves[0]!.metadata).toEqual({ priority: 3, crm_case: null, ticket: 'T-77' });
    // Saved: the changes are the new values; nothing is sent twice.
    await within(form).findByText('Saved on this computer, waiting for the PBX');
    expect(within(form).queryByRole('textbox', { name: 'crm_case' })).toBeNull();
    expect(within(form).getByRole('textbox', { name: 'ticket' })).toHaveValue('T-77');
    await fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(saves[1]!.metadata).toEqual({});
  });
});
