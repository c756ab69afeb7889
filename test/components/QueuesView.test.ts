/**
 * My queues and the queue board: the agent's queues with name, number, type, priority and state; pause and
 * resume one or all; a per-queue failure next to its queue and no success line; leaving asks first; the
 * "paused while away" offer; a queue `/queues` does not list shown by its id; the board's figures under
 * the API's names, "Outside working hours", and a row whose detail failed; team colours only where they
 * keep a 4.5:1 contrast.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type {
  QueueBoardView,
  QueueChange,
  QueueChangeOutcome,
  QueueLogEntry,
  QueuesView,
  SettingsView,
} from '../../src-main/shared/contract';
import QueueStateLabel from '../../src-renderer/components/QueueStateLabel.svelte';
import { contrastRatio, readableAccent } from '../../src-renderer/lib/queueText';
import QueueBoardScreen from '../../src-renderer/views/QueueBoardView.svelte';
import QueuesScreen from '../../src-renderer/views/QueuesView.svelte';
import { boardRow, myQueue, queuesView } from '../fixtures/queues';
import { installFakeRingside, ok } from './fakeRingside';

const support = myQueue();
const unlisted = myQueue({
  id: 77,
  name: null,
  number: null,
  type: 'unknown',
  priority: 5,
  queueActive: null,
  callersWaiting: null,
});

/** One change: Support paused, and a queue the PBX no longer knows refused. */
const LOG: QueueLogEntry[] = [
  {
    at: Date.UTC(2026, 11, 5, 9, 0),
    agentId: 3,
    action: 'pause',
    cause: 'agent',
    queueIds: [2, 91],
    ok: false,
    failures: [{ queueId: 91, message: 'Unknown queue id' }],
    agentError: null,
  },
];

const settingsView = { settings: { queueJoinLeave: false } } as unknown as SettingsView;

function openQueues(view: QueuesView, change?: (args: QueueChange) => QueueChangeOutcome) {
  const sent: QueueChange[] = [];
  const fake = installFakeRingside({
    'queues:get': () => ok(view),
    'queues:change': (args) => {
      sent.push(args);
      return ok(change ? change(args) : { ok: true, unchanged: false, failures: [], agentError: null, view });
    },
    'queues:catalog': () => ok([{ id: 1, name: 'Sales', number: '600', type: 'inbound' as const }]),
    'queues:log': () => ok(LOG),
    'settings:get': () => ok(settingsView),
  });
  render(QueuesScreen);
  return { sent, fake };
}

const rowOf = (name: string) => screen.getByRole('row', { name });

describe('My queues', () => {
  it('lists each queue with its number, type, priority, state and callers waiting', async () => {
    openQueues(queuesView());
    await screen.findByRole('row', { name: 'Support (601)' });
    const row = rowOf('Support (601)');
    expect(row).toHaveTextContent('Inbound');
    expect(row).toHaveTextContent('80');
    expect(row).toHaveTextContent('Active');
    expect(rowOf('E-mail support (630)')).toHaveTextContent('E-mail');
    expect(rowOf('E-mail support (630)')).toHaveTextContent('Paused');
    expect(
      within(rowOf('E-mail support (630)')).getByRole('button', { name: 'Resume E-mail support (630)' }),
    ).toBeEnabled();
  });

  it('shows a queue the PBX does not list by its id', async () => {
    openQueues(queuesView({ queues: [support, unlisted] }));
    const row = await screen.findByRole('row', { name: 'Queue 77' });
    expect(row).toHaveTextContent('not listed by the PBX');
    expect(row).toHaveTextContent('Unknown type');
  });

  it('pauses one queue and says so once the PBX has done it', async () => {
    const { sent } = openQueues(queuesView());
    await fireEvent.click(await screen.findByRole('button', { name: 'Pause Support (601)' }));
    await waitFor(() => expect(sent).toEqual([{ action: 'pause', queueId: 2 }]));
    expect(await screen.findByText('Support (601) is paused.')).toBeVisible();
  });

  it('pauses and resumes all with one click each', async () => {
    const { sent } = openQueues(queuesView());
    await fireEvent.click(await screen.findByRole('button', { name: 'Pause all' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Resume all' }));
    await waitFor(() => expect(sent).toEqual([{ action: 'pause-all' }, { action: 'resume-all' }]));
  });

  it('shows a failed queue next to it and reports no success', async () => {
    const failed = queuesView({ failures: [{ queueId: 6, message: 'Unknown queue id' }] });
    openQueues(queuesView(), () => ({
      ok: false,
      unchanged: false,
      failures: [{ queueId: 6, message: 'Unknown queue id' }],
      agentError: null,
      view: failed,
    }));
    await fireEvent.click(await screen.findByRole('button', { name: 'Resume all' }));
    expect(await within(rowOf('E-mail support (630)')).findByRole('alert')).toHaveTextContent(
      'Not changed: Unknown queue id',
    );
    expect(screen.getByText(/did not make every change/)).toBeVisible();
    expect(screen.queryByText(/active again/)).toBeNull();
  });

  it('says when the PBX does not know the agent', async () => {
    openQueues(queuesView({ agentError: 'Unknown agent id' }));
    expect(await screen.findByText('The PBX did not change your queues:')).toBeVisible();
    expect(screen.getByText('Unknown agent id')).toBeVisible();
  });

  it('offers leaving only when allowed, and asks before leaving', async () => {
    const { sent } = openQueues(queuesView({ joinLeaveAllowed: true }));
    await fireEvent.click(await screen.findByRole('button', { name: 'Leave Support (601)' }));
    const question = screen.getByRole('group', { name: 'Leave Support (601)?' });
    expect(sent).toEqual([]);
    await fireEvent.click(within(question).getByRole('button', { name: 'Leave queue' }));
    await waitFor(() => expect(sent).toEqual([{ action: 'leave', queueId: 2 }]));
  });

  it('offers no joining or leaving while the setting is off', async () => {
    openQueues(queuesView());
    await screen.findByRole('row', { name: 'Support (601)' });
    expect(screen.queryByRole('button', { name: /^Leave/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Join a queue' })).toBeNull();
  });

  it('offers resuming the queues paused while away', async () => {
    const away = queuesView({ awayPause: { reason: 'lock', at: Date.now(), queueIds: [6] } });
    installFakeRingside({
      'queues:get': () => ok(away),
      'queues:resumeAway': () =>
        ok({ ok: true, unchanged: false, failures: [], agentError: null, view: queuesView() }),
      'settings:get': () => ok(settingsView),
    });
    render(QueuesScreen);
    const region = await screen.findByRole('region', { name: 'Queues paused while you were away' });
    expect(region).toHaveTextContent('Ringside paused 1 queue when the screen locked.');
    await fireEvent.click(within(region).getByRole('button', { name: 'Resume these queues' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /paused while you were away/ })).toBeNull(),
    );
  });

  it('says why the queues are unavailable', async () => {
    openQueues(
      queuesView({
        status: 'unavailable',
        queues: [],
        problem: { code: 'not-configured', message: 'Enter your agent username in Settings.' },
      }),
    );
    expect(await screen.findByText('Your queues are not available.')).toBeVisible();
    expect(screen.getByText(/Enter your agent username in Settings/)).toBeVisible();
  });

  it('names the queues in the log of changes, not their ids', async () => {
    openQueues(queuesView());
    await screen.findByRole('row', { name: 'Support (601)' });
    const log = screen.getByText('Changes Ringside made to your queues').closest('details')!;
    log.open = true;
    await fireEvent(log, new Event('toggle'));
    const entry = await within(log).findByRole('listitem');
    expect(entry).toHaveTextContent('queues Support (601), Queue 91');
    expect(entry).toHaveTextContent('failed: Queue 91: Unknown queue id');
  });
});

function openBoard(board: QueueBoardView) {
  installFakeRingside({ 'queueBoard:get': () => ok(board) });
  render(QueueBoardScreen);
}

describe('the queue board', () => {
  it('shows the live figures, and the counters in words with the API’s names beside them, without percentages', async () => {
    openBoard({ rows: [boardRow()], readAt: Date.now(), problem: null });
    const card = await screen.findByRole('article', { name: 'Support (601)' });
    expect(card).toHaveTextContent(/Callers waiting\s*3/);
    expect(card).toHaveTextContent(/Longest current wait\s*1:35/);
    expect(card).toHaveTextContent(/Agents in after-call work\s*1/);
    const counters = within(card).getByLabelText('Counters from the PBX');
    expect(counters).toHaveTextContent(/Answered\s*answered\s*41/);
    expect(counters).toHaveTextContent(/Abandoned\s*abandoned\s*4/);
    expect(counters).toHaveTextContent(/Service level, day\s*sl\.day\s*35 · 45/);
    expect(card.textContent).not.toMatch(/%/);
  });

  it('says "Outside working hours", and renders the rest when one queue’s detail failed', async () => {
    openBoard({
      rows: [
        boardRow({ workingTime: false }),
        boardRow({
          id: 1,
          name: 'Sales',
          number: '600',
          holdTime: null,
          workingTime: null,
          detailProblem: 'The PBX failed on GET /queue/1',
        }),
        boardRow({ id: 77, name: null, number: null, listed: false, type: 'unknown' }),
      ],
      readAt: Date.now(),
      problem: null,
    });
    expect(await screen.findByRole('article', { name: 'Support (601)' })).toHaveTextContent(
      'Outside working hours',
    );
    const sales = screen.getByRole('article', { name: 'Sales (600)' });
    expect(sales).toHaveTextContent('The longest wait could not be read');
    expect(sales).toHaveTextContent(/Callers waiting\s*3/);
    expect(screen.getByRole('article', { name: 'Queue 77' })).toHaveTextContent(
      'The PBX does not list this queue',
    );
  });
});

describe('team colours', () => {
  it('accent a state only where they keep a 4.5:1 contrast', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21);
    // The demo team's green on the light theme's white is too faint; on the dark surface it is fine.
    expect(readableAccent('#22c55e', '#ffffff')).toBeNull();
    expect(readableAccent('#22c55e', '#1b2028')).toBe('#22c55e');
    expect(readableAccent(null, '#ffffff')).toBeNull();
    expect(readableAccent('#22c55e', 'not a colour')).toBeNull();
  });

  it('always says the state in words, with the theme’s colour when the team’s would not do', () => {
    render(QueueStateLabel, { paused: true, accent: { ready: '#22c55e', aux: '#f59e0b' } });
    const label = screen.getByText('Paused');
    expect(label).toHaveAttribute('data-accent', 'theme');
  });
});
