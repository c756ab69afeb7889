import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { HistoryRepair } from '../../src-main/shared/contract';
import HistoryRepairNotice from '../../src-renderer/components/HistoryRepairNotice.svelte';
import { installFakeRingside, ok } from './fakeRingside';

const REPAIR: HistoryRepair = {
  repairedAt: Date.UTC(2026, 2, 10, 9, 30),
  recoveredCalls: 812,
  recoveredUnsentWrapUps: 2,
  unreadable: 14,
};

describe('the notice of a repaired history', () => {
  it('says what was recovered and what was lost, until the agent dismisses it', async () => {
    let notice: HistoryRepair | null = REPAIR;
    let dismissed = 0;
    installFakeRingside({
      'history:repair': () => ok(notice),
      'history:dismissRepair': () => {
        dismissed++;
        notice = null;
        return ok({ dismissed: true });
      },
    });
    render(HistoryRepairNotice);

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      /Ringside repaired its local history on .+: 812 calls and 2 unsent wrap-ups were recovered; 14 could not be read\./,
    );
    await fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(dismissed).toBe(1);
  });

  it('appears when the history is repaired while the screen is open', async () => {
    let notice: HistoryRepair | null = null;
    const fake = installFakeRingside({ 'history:repair': () => ok(notice) });
    render(HistoryRepairNotice);
    await waitFor(() => expect(fake.listenerCount('history:changed')).toBe(1));
    expect(screen.queryByRole('status')).toBeNull();

    notice = { ...REPAIR, unreadable: null, recoveredUnsentWrapUps: 1 };
    fake.emit('history:changed', { uniqueids: [], missedUnseen: 0, reset: true });

    expect(await screen.findByRole('status')).toHaveTextContent(
      /1 unsent wrap-up were recovered; the rest of the damaged file could not be read\./,
    );
  });
});
