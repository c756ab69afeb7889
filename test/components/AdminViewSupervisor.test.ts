/**
 * The admin page's supervisor view against a fake server: the agents signed in with their phone's state as a
 * text label (names from the PBX rendered as text), the queue board with waits through Intl, a failed queue
 * reading said beside the agents, a failed view said as such, and reading again every 2 s only while the
 * page is visible.
 */
import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSupervisorView, IpcResult, SupervisorQueue } from '../../src-main/shared/contract';
import AdminView from '../../src-renderer/views/AdminView.svelte';
import { installFakeRingside, ok } from './fakeRingside';

const HOSTILE_NAME = '<img src=x onerror="alert(1)"> Jana';
const NOW = Date.now();

const support: SupervisorQueue = {
  id: 2,
  name: 'Support',
  number: '602',
  type: 'inbound',
  active: true,
  callersWaiting: 3,
  longestWaitSeconds: 125,
  agentsServing: 4,
  agentsAux: 1,
};

function view(change: Partial<AdminSupervisorView> = {}): AdminSupervisorView {
  return {
    presenceKnown: true,
    agents: [
      {
        username: 'jana.novakova',
        displayName: HOSTILE_NAME,
        extension: '1002',
        devices: 2,
        connected: true,
        presence: { state: 'busy', pausedInAllQueues: true, since: NOW - 60_000 },
      },
      {
        username: 'petr.svoboda',
        displayName: 'Petr Svoboda',
        extension: '1003',
        devices: 1,
        connected: false,
        presence: { state: 'free', pausedInAllQueues: false, since: NOW - 3_600_000 },
      },
      {
        username: 'eva.mala',
        displayName: 'Eva Malá',
        extension: null,
        devices: 1,
        connected: true,
        presence: null,
      },
    ],
    board: {
      queues: [
        support,
        { ...support, id: 6, name: 'E-mail', number: '606', type: 'email', longestWaitSeconds: null },
      ],
      readAt: NOW,
      problem: null,
    },
    ...change,
  };
}

/** Serves `answer` for each read of the supervisor view, counting the reads. */
function serve(answer: () => IpcResult<AdminSupervisorView> = () => ok(view())) {
  const reads = { count: 0 };
  installFakeRingside({
    'admin:supervisor': () => {
      reads.count += 1;
      return answer();
    },
    'admin:sessions': () => ok([]),
    'admin:enrollments': () => ok([]),
  });
  const rendered = render(AdminView);
  return { reads, ...rendered };
}

const agentsTable = async () => within(await screen.findByRole('region', { name: 'Agents signed in' }));

function setVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe("the admin page's supervisor view", () => {
  it('lists the agents with their presence as text, names from the PBX as text', async () => {
    serve();
    const table = await agentsTable();
    const rows = table.getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent(HOSTILE_NAME);
    expect(rows[1]!.querySelector('img')).toBeNull();
    expect(rows[1]).toHaveTextContent('jana.novakova');
    expect(rows[1]).toHaveTextContent('1002');
    expect(rows[1]).toHaveTextContent('On a call');
    expect(rows[1]).toHaveTextContent('paused in all queues');
    expect(rows[1]).toHaveTextContent(/since /);
    expect(rows[1]).toHaveTextContent('Open now');
    expect(rows[2]).toHaveTextContent('Free');
    expect(rows[2]).not.toHaveTextContent('paused');
    expect(rows[2]).toHaveTextContent('Not open');
    expect(rows[3]).toHaveTextContent('Unknown');
    expect(rows[3]).not.toHaveTextContent('since');
  });

  it('shows every queue with its callers waiting and longest wait', async () => {
    serve();
    const queues = within(await screen.findByRole('region', { name: 'All queues' }));
    const rows = queues.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Support (602)');
    expect(rows[1]).toHaveTextContent('Inbound');
    expect(rows[1]).toHaveTextContent('2:05');
    expect(rows[2]).toHaveTextContent('E-mail (606)');
    expect(rows[2]).toHaveTextContent('—');
    expect(screen.getByText(/^Figures from the PBX at /)).toBeInTheDocument();
  });

  it('says the queues could not be read and still lists the agents', async () => {
    serve(() =>
      ok(
        view({
          board: {
            queues: [],
            readAt: null,
            problem: { code: 'server-error', message: 'The PBX did not answer.' },
          },
        }),
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/The latest figures could not be read/);
    expect(screen.getByRole('alert')).toHaveTextContent('The PBX did not answer.');
    expect((await agentsTable()).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByText('The PBX lists no queues.')).toBeNull();
  });

  it('says when the view itself could not be read', async () => {
    serve(() => ({ ok: false, error: { code: 'forbidden', message: 'Only an administrator can see it.' } }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/The supervisor view could not be read/);
    expect(alert).toHaveTextContent('Only an administrator can see it.');
  });

  it('says when no one is signed in and when the server does not follow phones', async () => {
    serve(() => ok(view({ agents: [], presenceKnown: false })));
    expect(await screen.findByText('No agent is signed in.')).toBeInTheDocument();
    expect(
      screen.getByText("This server does not follow agents' phones yet, so their presence is unknown."),
    ).toBeInTheDocument();
  });

  it('reads again every 2 s while visible, not while hidden, and at once when shown again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { reads, unmount } = serve();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads.count).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(reads.count).toBe(2);

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads.count).toBe(2);

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(reads.count).toBe(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(reads.count).toBe(4);

    unmount();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads.count).toBe(4);
  });
});
