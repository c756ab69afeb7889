/**
 * Colleagues' presence in the Directory (a team server): a colleague's row says in words whether they are
 * free, ringing or on a call, and paused in all queues, with whose status it is for screen readers; it
 * follows `presence:changed`; where presence is not available (desktop, browser host) no row shows any.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type {
  ColleaguePresence,
  DirectoryNumber,
  DirectorySearchResult,
  PresenceList,
  SyncStatus,
} from '../../src-main/shared/contract';
import DirectoryView from '../../src-renderer/views/DirectoryView.svelte';
import { installFakeRingside, ok } from './fakeRingside';

const number = (display: string, label: string): DirectoryNumber => ({
  raw: display,
  label,
  display,
  dial: display,
});

const RESULTS: DirectorySearchResult = {
  query: 'nov',
  persons: {
    items: [
      {
        kind: 'person',
        id: 7,
        name: 'Eva Nováková',
        companies: [],
        numbers: [number('+420777123456', 'mobile')],
        emails: [],
      },
    ],
    more: false,
  },
  companies: { items: [], more: false },
  users: {
    items: [
      {
        kind: 'user',
        id: 2,
        name: 'Petr Novák',
        username: 'petr.novak',
        email: null,
        active: true,
        numbers: [number('1002', 'extension')],
      },
    ],
    more: false,
  },
  extensions: {
    items: [
      { kind: 'extension', id: 31, name: 'Nová recepce', type: 'phone', numbers: [number('1003', 'phone')] },
    ],
    more: false,
  },
};

const SYNC: SyncStatus = {
  running: false,
  phase: 'persons:details',
  done: 1,
  total: 1,
  rate: 0,
  lastCompletedAt: Date.now(),
  nextRunAt: null,
  counts: { persons: 1, companies: 0, users: 1, extensions: 1, numbers: 3 },
};

const colleague = (
  fields: Partial<ColleaguePresence> & Pick<ColleaguePresence, 'userId'>,
): ColleaguePresence => ({
  username: `user${fields.userId}`,
  extension: null,
  state: 'free',
  pausedInAllQueues: false,
  since: 0,
  ...fields,
});

const PETR = colleague({ userId: 2, username: 'petr.novak', extension: '1002', state: 'busy' });
const RECEPTION = colleague({ userId: 5, username: 'recepce', extension: '1003', pausedInAllQueues: true });

async function showResults(list: () => PresenceList | Promise<PresenceList>) {
  const fake = installFakeRingside({
    'sync:status': () => ok(SYNC),
    'directory:search': () => ok(RESULTS),
    'presence:list': async () => ok(await list()),
  });
  render(DirectoryView);
  await fireEvent.input(screen.getByLabelText('Search the directory'), { target: { value: 'nov' } });
  await screen.findByRole('heading', { name: /Persons/ });
  return fake;
}

const row = (name: string) =>
  within(screen.getByRole('region', { name: 'Search results' })).getByRole('button', {
    name: new RegExp(`^${name}`),
  });

describe("colleagues' presence in the Directory", () => {
  it("shows a colleague's status in words on their user row, and a phone's on its extension's row", async () => {
    await showResults(() => ({ available: true, colleagues: [PETR, RECEPTION] }));

    await waitFor(() => expect(row('Petr Novák')).toHaveTextContent('On a call'));
    expect(row('Petr Novák')).toHaveAccessibleName(/Status of Petr Novák: On a call$/);
    expect(row('Nová recepce')).toHaveTextContent('Free');
    expect(row('Nová recepce')).toHaveTextContent('Paused in all queues');
    expect(row('Nová recepce')).toHaveAccessibleName(/Status of Nová recepce: Free Paused in all queues$/);
    expect(within(row('Eva Nováková')).queryByTestId('presence')).toBeNull();
  });

  it('follows presence:changed: ringing, then gone', async () => {
    const fake = await showResults(() => ({ available: true, colleagues: [PETR] }));
    await waitFor(() => expect(row('Petr Novák')).toHaveTextContent('On a call'));

    fake.emit('presence:changed', { changed: [{ ...PETR, state: 'ringing' }], gone: [] });
    await waitFor(() => expect(row('Petr Novák')).toHaveTextContent('Ringing'));
    expect(row('Petr Novák')).not.toHaveTextContent('On a call');

    fake.emit('presence:changed', { changed: [], gone: [PETR.userId] });
    await waitFor(() => expect(within(row('Petr Novák')).queryByTestId('presence')).toBeNull());
  });

  it('keeps a change that came while the list was on its way', async () => {
    let answer!: (list: PresenceList) => void;
    const fake = await showResults(() => new Promise<PresenceList>((resolve) => (answer = resolve)));
    await waitFor(() => expect(fake.listenerCount('presence:changed')).toBe(1));
    fake.emit('presence:changed', { changed: [{ ...PETR, state: 'free' }], gone: [] });
    answer({ available: true, colleagues: [PETR] });
    await waitFor(() => expect(row('Petr Novák')).toHaveTextContent('Free'));
  });

  it('shows no status where presence is not available', async () => {
    const fake = await showResults(() => ({ available: false, colleagues: [] }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    fake.emit('presence:changed', { changed: [PETR], gone: [] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByTestId('presence')).toEqual([]);
  });
});
