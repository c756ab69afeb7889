/**
 * The pop card of an unknown caller leads to the Directory screen's "Create contact" form with the caller's
 * number filled in, over the whole App (the pop card and the screen share one DirectoryState).
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src-main/shared/contract';
import App from '../../src-renderer/App.svelte';
import { callView, screenPop } from '../fixtures/calls';
import { installFakeRingside, ok } from './fakeRingside';

const sync: SyncStatus = {
  running: false,
  phase: null,
  done: 0,
  total: 0,
  rate: 0,
  lastCompletedAt: null,
  nextRunAt: null,
  counts: { persons: 0, companies: 0, users: 0, extensions: 0, numbers: 0 },
};

describe('Create contact from the pop card', () => {
  beforeEach(() => {
    window.location.hash = '#/calls';
  });

  it('opens the Directory screen with the caller’s number in a new contact', async () => {
    const call = callView({ state: 'ringing', actions: ['answer', 'hangup'] });
    const fake = installFakeRingside({
      'calls:list': () => ok([call]),
      'sync:status': () => ok(sync),
    });
    render(App);
    await waitFor(() => expect(fake.listenerCount('screenpop:show')).toBe(1));
    fake.emit('screenpop:show', {
      ...screenPop({ uniqueid: call.uniqueid }),
      person: null,
      company: null,
      callerName: '',
      createContact: { number: '+420777123456' },
    });
    const card = await screen.findByRole('complementary', { name: /\+420/ });
    await fireEvent.click(within(card).getByRole('button', { name: 'Create contact' }));

    await waitFor(() => expect(window.location.hash).toBe('#/directory'));
    const form = await screen.findByRole('form', { name: 'New contact' });
    expect(within(form).getByLabelText('Phone')).toHaveValue('+420777123456');
  });
});
