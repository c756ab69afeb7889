import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallsDialArgs, DialRequest, IpcResult, DialResult } from '../../src-main/shared/contract';
import DialConfirm from '../../src-renderer/components/DialConfirm.svelte';
import { readConfirmRequest } from '../../src-renderer/lib/dialConfirmRoute';
import { installFakeRingside, ok } from './fakeRingside';

const request: DialRequest = {
  requestId: 'b3c1',
  source: 'link',
  number: { display: '+420 777 123 456', e164: '+420777123456', extension: '12' },
  dial: '+420777123456;ext=12',
  match: {
    kind: 'person',
    id: 7,
    name: 'Jana <b>Nováková</b>',
    label: 'mobile',
    companies: [{ id: 3, name: 'Nováková Trading', role: 'owner' }],
  },
  matches: [],
};

/** What src-main/shell/confirmWindow.ts puts in the route. */
const route = (value: unknown) => `#confirm/${encodeURIComponent(JSON.stringify(value))}`;

function open(
  hash: string,
  answer: () => IpcResult<DialResult> = () =>
    ok({ dialled: '+420777123456', number: request.number, message: 'Call placed.' }),
) {
  window.location.hash = hash;
  const close = vi.spyOn(window, 'close').mockImplementation(() => {});
  const dialled: CallsDialArgs[] = [];
  installFakeRingside({
    'calls:dial': (args) => {
      dialled.push(args);
      return answer();
    },
  });
  render(DialConfirm);
  return { close, dialled };
}

/** How long the window must have had the focus before Dial is armed (DialConfirm.svelte). */
const ARMING_DELAY_MS = 500;

// Only the timers are faked (the arming delay), so Svelte's microtasks still run; hence `vi.waitFor`, which
// knows fake timers, rather than Testing Library's `waitFor`.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.location.hash = '';
});

const dialButton = () => screen.getByRole('button', { name: 'Dial' });

async function waitUntilArmed() {
  await vi.advanceTimersByTimeAsync(ARMING_DELAY_MS);
  expect(dialButton()).toHaveAttribute('aria-disabled', 'false');
}

describe('the dial confirmation', () => {
  it('shows the number and the matched person as text, with the focus on Dial', async () => {
    open(route(request));
    expect(screen.getByRole('heading', { name: 'Dial this number?' })).toBeVisible();
    expect(screen.getByText('+420 777 123 456')).toBeVisible();
    expect(screen.getByText('Jana <b>Nováková</b>')).toBeVisible();
    expect(screen.getByText(/Contact · mobile · Nováková Trading/)).toBeVisible();
    expect(screen.getByText('Extension 12 is not dialled: key it in once the call connects.')).toBeVisible();
    expect(screen.getByText('A link asks to call this number.')).toBeVisible();
    expect(document.querySelector('b')).toBeNull();
    await vi.waitFor(() => expect(dialButton()).toHaveFocus());
  });

  it('dials on Enter once armed, through the one dial path, naming its request, then closes', async () => {
    const { close, dialled } = open(route(request));
    await waitUntilArmed();
    await fireEvent.keyDown(document.body, { key: 'Enter' });
    await vi.waitFor(() => expect(close).toHaveBeenCalledOnce());
    expect(dialled).toEqual([{ number: '+420777123456;ext=12', source: 'link', requestId: 'b3c1' }]);
  });

  it('ignores Enter and clicks until it has had the focus for a moment, saying so on the button', async () => {
    const { dialled } = open(route(request));
    expect(dialButton()).toHaveAttribute('aria-disabled', 'true');
    expect(dialButton()).toHaveAccessibleDescription('Ready in a moment…');
    await fireEvent.keyDown(document.body, { key: 'Enter' });
    await fireEvent.keyDown(dialButton(), { key: 'Enter' });
    await fireEvent.click(dialButton());
    await vi.advanceTimersByTimeAsync(ARMING_DELAY_MS - 1);
    await fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(dialled).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    expect(dialButton()).toHaveAttribute('aria-disabled', 'false');
    expect(dialButton()).not.toHaveAccessibleDescription();
    expect(screen.queryByText('Ready in a moment…')).toBeNull();
  });

  it('never dials on a held-down Enter (key repeat), even once armed', async () => {
    const { close, dialled } = open(route(request));
    await waitUntilArmed();
    await fireEvent.keyDown(dialButton(), { key: 'Enter', repeat: true });
    await fireEvent.keyDown(document.body, { key: 'Enter', repeat: true });
    expect(dialled).toEqual([]);
    await fireEvent.keyDown(dialButton(), { key: 'Enter' });
    await vi.waitFor(() => expect(close).toHaveBeenCalledOnce());
    expect(dialled).toHaveLength(1);
  });

  it('arms again only after the window has had the focus back for a moment', async () => {
    const { dialled } = open(route(request));
    await waitUntilArmed();
    await fireEvent.blur(window);
    expect(dialButton()).toHaveAttribute('aria-disabled', 'true');
    await fireEvent.focus(window);
    await fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(dialled).toEqual([]);
    await waitUntilArmed();
    await fireEvent.keyDown(document.body, { key: 'Enter' });
    await vi.waitFor(() => expect(dialled).toHaveLength(1));
  });

  it('cancels on Esc without dialling', async () => {
    const { close, dialled } = open(route({ ...request, source: 'shortcut' }));
    expect(screen.getByText('You asked to call the selected text.')).toBeVisible();
    await fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(close).toHaveBeenCalledOnce();
    expect(dialled).toEqual([]);
  });

  it('stays open with the reason when the dial fails', async () => {
    const { close } = open(route(request), () => ({
      ok: false,
      error: {
        code: 'not-configured',
        message: 'Ringside is not connected to a PBX. Set one up in Settings.',
      },
    }));
    await waitUntilArmed();
    await fireEvent.click(dialButton());
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Ringside is not connected to a PBX.'),
    );
    expect(close).not.toHaveBeenCalled();
  });

  it('refuses a malformed route instead of showing half a request', () => {
    open('#confirm/%7Bnot json');
    expect(screen.getByRole('heading', { name: 'Nothing to dial' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Dial' })).toBeNull();
    expect(readConfirmRequest(route({ ...request, dial: '' }))).toBeNull();
    expect(readConfirmRequest(route({ ...request, source: 'dialpad' }))).toBeNull();
    expect(readConfirmRequest('#/dial')).toBeNull();
  });
});
