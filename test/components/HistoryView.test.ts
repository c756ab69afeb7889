import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  CallsDialArgs,
  HistoryListArgs,
  HistoryMarkSeenArgs,
  HistoryPage,
  IpcResult,
} from '../../src-main/shared/contract';
import Navigation from '../../src-renderer/components/Navigation.svelte';
import { screens } from '../../src-renderer/lib/screens';
import { MissedCallsBadge } from '../../src-renderer/lib/state/history.svelte';
import { installFakeRingside, ok } from './fakeRingside';
import HistoryHost from './HistoryHost.svelte';
import HistoryRowsHost from './HistoryRowsHost.svelte';
import { historyItem, historyItems, janaCall, pendingSave, review } from './historyFixtures';

const ROW = 56;

function rows(): HTMLElement[] {
  return within(screen.getByRole('list', { name: 'Calls' })).getAllByRole('listitem');
}

function page(items: HistoryPage['items'], nextCursor: string | null = null, missedUnseen = 0): HistoryPage {
  return { items, nextCursor, missedUnseen };
}

describe('the virtual list', () => {
  it('renders only the rows in view of 10,000 calls, and follows the scroll', async () => {
    const items = historyItems(10_000);
    render(HistoryRowsHost, { items });
    const shown = rows();
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(40);
    expect(shown[0]).toHaveTextContent('Caller 0');
    expect(shown[0]).toHaveAttribute('aria-setsize', '10000');
    expect(shown[0]).toHaveAttribute('aria-posinset', '1');

    const viewport = screen.getByRole('list', { name: 'Calls' }).closest<HTMLElement>('.viewport')!;
    viewport.scrollTop = 5_000 * ROW;
    await fireEvent.scroll(viewport);
    await waitFor(() => expect(rows().some((row) => row.textContent?.includes('Caller 5000'))).toBe(true));
    expect(rows().length).toBeLessThan(40);
    expect(screen.queryByText('Caller 0')).toBeNull();
  });

  it('moves with the arrow keys and End, keeping the focused row rendered; Enter opens it', async () => {
    const opened: string[] = [];
    render(HistoryRowsHost, {
      items: historyItems(10_000),
      onOpen: (item: { uniqueid: string }) => opened.push(item.uniqueid),
    });
    const first = within(rows()[0]!).getAllByRole('button')[0]!;
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    await fireEvent.keyDown(first, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Caller 1'));
    await fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Caller 9999'));
    expect(document.activeElement).toHaveAttribute('tabindex', '0');
    (document.activeElement as HTMLButtonElement).click();
    expect(opened).toEqual([historyItem(9999).uniqueid]);
  });

  it('asks for more when the end comes into view', async () => {
    let asked = 0;
    render(HistoryRowsHost, { items: historyItems(200), onNearEnd: () => asked++ });
    expect(asked).toBe(0);
    const viewport = screen.getByRole('list', { name: 'Calls' }).closest<HTMLElement>('.viewport')!;
    viewport.scrollTop = 190 * ROW;
    await fireEvent.scroll(viewport);
    await waitFor(() => expect(asked).toBeGreaterThan(0));
  });
});

describe('the History screen', () => {
  beforeEach(() => {
    window.location.hash = '#/history';
  });

  function setup(list: (args: HistoryListArgs) => IpcResult<HistoryPage>) {
    const listed: HistoryListArgs[] = [];
    const markedSeen: HistoryMarkSeenArgs[] = [];
    const dialled: CallsDialArgs[] = [];
    const fake = installFakeRingside({
      'history:list': (args) => {
        listed.push(args);
        return list(args);
      },
      'history:markSeen': (args) => {
        markedSeen.push(args);
        return ok({ missedUnseen: 0 });
      },
      'calls:dial': (args) => {
        dialled.push(args);
        return ok({
          dialled: args.number,
          number: { raw: args.number, display: '+420 777 123 456', e164: args.number },
          message: 'Call placed.',
        });
      },
      'wrapup:pending': () => ok([]),
      'review:get': () => ok(review()),
    });
    render(HistoryHost);
    return { fake, listed, markedSeen, dialled };
  }

  it('lists calls with who, outcome and time; loads the next page with the cursor', async () => {
    const { listed } = setup((args) =>
      args.before ? ok(page(historyItems(20, 51))) : ok(page([janaCall, ...historyItems(49, 2)], 'cursor-1')),
    );
    const first = await screen.findByRole('button', { name: /call, Jana Nováková/ });
    expect(first).toHaveTextContent('+420 777 123 456 · Nováková Trading');
    expect(first).toHaveTextContent('Answered');
    expect(first).toHaveTextContent('0:50');
    expect(listed[0]).toEqual({ filter: 'all', limit: 50 });

    const viewport = screen.getByRole('list', { name: 'Calls' }).closest<HTMLElement>('.viewport')!;
    viewport.scrollTop = 45 * ROW;
    await fireEvent.scroll(viewport);
    await waitFor(() => expect(listed.some((args) => args.before === 'cursor-1')).toBe(true));
    expect(listed.find((args) => args.before)).toEqual({ filter: 'all', limit: 100, before: 'cursor-1' });
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Calls' }).querySelector('li')).toHaveAttribute(
        'aria-setsize',
        '70',
      ),
    );
  });

  it('shows the missed calls and marks the unseen ones seen', async () => {
    const missed = historyItem(3, { outcome: 'missed', seen: false });
    const { listed, markedSeen } = setup((args) =>
      ok(args.filter === 'missed' ? page([missed], null, 1) : page(historyItems(3), null, 1)),
    );
    await screen.findByRole('button', { name: /call, Caller 0/ });
    expect(markedSeen).toEqual([]);
    await fireEvent.click(screen.getByRole('button', { name: /^Missed/ }));
    await screen.findByRole('button', { name: /call, Caller 3.*New.*Missed/ });
    expect(listed.at(-1)).toEqual({ filter: 'missed', limit: 50 });
    await waitFor(() => expect(markedSeen).toEqual([{ uniqueids: [missed.uniqueid] }]));
  });

  it('narrows by the search box and by dates', async () => {
    const { listed } = setup(() => ok(page(historyItems(2))));
    await screen.findByRole('button', { name: /call, Caller 0/ });
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search calls' }), {
      target: { value: '777 12' },
    });
    await waitFor(() => expect(listed.at(-1)).toMatchObject({ filter: 'all', query: '777 12' }));
    await fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await waitFor(() =>
      expect(listed.at(-1)).toMatchObject({ from: new Date(2026, 2, 1).getTime(), query: '777 12' }),
    );
    await fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
    expect(await screen.findByText('The start date is after the end date.')).toBeVisible();
  });

  it('calls back through the one dial path, marked as from the history and naming the person', async () => {
    const { dialled } = setup(() => ok(page([janaCall])));
    await fireEvent.click(await screen.findByRole('button', { name: 'Call back Jana Nováková' }));
    expect(dialled).toEqual([{ number: '+420777123456', source: 'history', data: { person_id: 7 } }]);
    expect(await screen.findByText(/Calling Jana Nováková/)).toBeVisible();
  });

  it('opens the review with Enter on a row, and back', async () => {
    setup(() => ok(page([janaCall])));
    const row = await screen.findByRole('button', { name: /call, Jana Nováková/ });
    row.focus();
    row.click(); // what Enter does on a button
    await waitFor(() => expect(window.location.hash).toBe(`#/history/${janaCall.uniqueid}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jana Nováková' })).toBeVisible();
    await fireEvent.click(screen.getByRole('link', { name: '← History' }));
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await waitFor(() => expect(screen.getByRole('button', { name: /call, Jana Nováková/ })).toHaveFocus());
  });

  it('opens a call by its pasted id, and says next to the input why not', async () => {
    const fake = installFakeRingside({
      'history:list': () => ok(page([])),
      'wrapup:pending': () => ok([]),
      'review:get': () => ok(review()),
      'review:open': ({ uniqueid }) =>
        uniqueid.trim() === janaCall.uniqueid
          ? ok(review())
          : { ok: false, error: { code: 'not-found', message: 'The PBX has no ended call 1.2.' } },
    });
    void fake;
    render(HistoryHost);
    const input = await screen.findByRole('textbox', { name: 'Open a call by its id' });
    await fireEvent.input(input, { target: { value: '1.2' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The PBX has no ended call 1.2.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await fireEvent.input(input, { target: { value: ` ${janaCall.uniqueid} ` } });
    await fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(window.location.hash).toBe(`#/history/${janaCall.uniqueid}`));
  });

  it('searches what was said and opens the review at the segment found', async () => {
    installFakeRingside({
      'history:list': () => ok(page([janaCall])),
      'wrapup:pending': () => ok([]),
      'review:get': () => ok(review()),
      'history:search': ({ query }) =>
        ok({
          query,
          hits: [
            {
              uniqueid: janaCall.uniqueid,
              source: 'transcript',
              segment: { channel: 1, index: 1, begin: 15 },
              snippet: [
                { text: 'Found it: the ', match: false },
                { text: 'refund', match: true },
                { text: ' <b>was</b> sent', match: false },
              ],
              call: janaCall,
            },
          ],
        }),
    });
    render(HistoryHost);
    await screen.findByRole('button', { name: /call, Jana Nováková/ });
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Search what was said and written' }));
    await fireEvent.input(
      screen.getByRole('searchbox', { name: 'Search transcripts, summaries and notes' }),
      {
        target: { value: 'refund' },
      },
    );
    const hit = await screen.findByRole('link', { name: /Jana Nováková/ });
    expect(hit.querySelector('mark')).toHaveTextContent('refund');
    expect(hit).toHaveTextContent('Found it: the refund <b>was</b> sent');
    expect(hit.querySelector('b')).toBeNull();
    expect(hit).toHaveAttribute('href', `#/history/${janaCall.uniqueid}/segment/1-1`);

    window.location.hash = hit.getAttribute('href')!;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-segment', '1-1'));
    expect(document.activeElement).toHaveTextContent('Found it: the refund was sent yesterday.');
  });
});

describe('the missed-calls badge', () => {
  it('shows the unseen missed calls beside History and follows changes', async () => {
    const fake = installFakeRingside({ 'history:list': () => ok(page([], null, 3)) });
    const badge = new MissedCallsBadge();
    const stop = badge.start();
    render(Navigation, { screens, currentId: 'dial', badges: { history: badge } });
    const link = screen.getByRole('link', { name: /^History/ });
    await waitFor(() => expect(link).toHaveAccessibleName(/^History.*3 missed calls not seen yet$/));
    fake.emit('history:changed', { uniqueids: [], missedUnseen: 0 });
    await waitFor(() => expect(link).toHaveAccessibleName('History'));
    stop();
  });
});

describe('switching PBX', () => {
  it("forgets the old PBX's pending wrap-up saves when the history is reset", async () => {
    window.location.hash = '#/history';
    let pending = [pendingSave()];
    const fake = installFakeRingside({
      'history:list': () => ok(page([janaCall])),
      'wrapup:pending': () => ok(pending),
    });
    render(HistoryHost);
    expect(await screen.findByText(/1 save waiting for the PBX/)).toBeInTheDocument();

    pending = [];
    fake.emit('history:changed', { uniqueids: [], missedUnseen: 0, reset: true });

    await waitFor(() => expect(screen.queryByText(/waiting for the PBX/)).toBeNull());
  });
});
