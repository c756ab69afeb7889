import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import PersonActivity from '../../src-renderer/components/PersonActivity.svelte';
import { installFakeRingside, ok } from './fakeRingside';

describe('PersonActivity', () => {
  it('lists every field of the interactions and tasks that arrive, as text', async () => {
    installFakeRingside({
      'directory:personActivity': ({ id }) =>
        ok({
          interactions: [
            [
              { key: 'channel', value: 'email' },
              { key: 'subject', value: '<b>Invoice</b>' },
            ],
          ],
          tasks: id === 7 ? [[{ key: 'name', value: 'Call back' }]] : [],
          more: false,
        }),
    });
    render(PersonActivity, { personId: 7 });
    const interactions = await screen.findByRole('region', { name: 'Interactions' });
    expect(interactions).toHaveTextContent('channel email');
    expect(interactions).toHaveTextContent('subject <b>Invoice</b>');
    expect(interactions.querySelector('b')).toBeNull();
    expect(screen.getByRole('region', { name: 'Tasks' })).toHaveTextContent('name Call back');
  });

  it('shows nothing when there are none, and a quiet line when they cannot be read', async () => {
    installFakeRingside({
      'directory:personActivity': () => ok({ interactions: [], tasks: [], more: false }),
    });
    const { unmount } = render(PersonActivity, { personId: 1 });
    await Promise.resolve();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    unmount();
    installFakeRingside({});
    render(PersonActivity, { personId: 2 });
    expect(await screen.findByText(/Interactions and tasks could not be read/)).toBeInTheDocument();
  });
});
