import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { installFakeRingside, ok } from './fakeRingside';
import HistoryHost from './HistoryHost.svelte';
import { janaCall, wrapUp } from './historyFixtures';

const REASON = 'Your PBX user name is not set in Settings: the metadata is shown read-only.';

describe('the wrap-up’s call metadata without a known agent', () => {
  it('shows the values as text with the reason, and nothing to edit', async () => {
    const fake = installFakeRingside({
      'wrapup:get': () =>
        ok(
          wrapUp({
            metadata: {
              status: 'shown',
              value: {
                values: { crm_case: 'C-1042', priority: 2, 'ringside.note': 'old' },
                stale: false,
                readOnlyReason: REASON,
              },
            },
          }),
        ),
      'wrapup:pending': () => ok([]),
    });
    render(HistoryHost, { withHistory: false });
    fake.emit('call:ended', { uniqueid: janaCall.uniqueid, call: janaCall });
    const form = await screen.findByRole('form', { name: 'Wrap up: Jana Nováková' });
    const metadata = within(await within(form).findByRole('group', { name: 'Call metadata' }));

    expect(await metadata.findByText(REASON)).toBeVisible();
    expect(metadata.getByText('crm_case')).toBeVisible();
    expect(metadata.getByText('C-1042')).toBeVisible();
    expect(metadata.getByText('priority')).toBeVisible();
    expect(metadata.getByText('2')).toBeVisible();
    expect(metadata.queryByText('ringside.note')).toBeNull();
    expect(metadata.queryAllByRole('textbox')).toEqual([]);
    expect(metadata.queryAllByRole('button')).toEqual([]);
  });
});
