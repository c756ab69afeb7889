import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

afterEach(() => {
  vi.restoreAllMocks();
  window.location.hash = '';
});

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
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dial' })).toHaveFocus());
  });

  it('dials on Enter through the one dial path, as a link, then closes', async () => {
    const { close, dialled } = open(route(request));
    await fireEvent.keyDown(document.body, { key: 'Enter' });
    await waitFor(() => expect(close).toHaveBeenCalledOnce());
    expect(dialled).toEqual([{ number: '+420777123456;ext=12', source: 'link' }]);
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
    await fireEvent.click(screen.getByRole('button', { name: 'Dial' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ringside is not connected to a PBX.');
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
