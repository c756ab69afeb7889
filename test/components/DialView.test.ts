import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { CallsDialArgs, DialPreview, RecentNumber } from '../../src-main/shared/contract';
import { cleanPastedNumber } from '../../src-renderer/lib/dialText';
import DialView from '../../src-renderer/views/DialView.svelte';
import { installFakeRingside, ok } from './fakeRingside';

/** A stand-in for main's reading of numbers: enough for the preview to have something to show. */
function resolve(raw: string): DialPreview {
  const digits = raw.replace(/[\s-]/g, '');
  if (raw.trim() === '') return { ok: false, reason: '' };
  if (!/^\+?\d+$/.test(digits)) return { ok: false, reason: `"${raw}" is not a phone number.` };
  const matches: Extract<DialPreview, { ok: true }>['matches'] =
    digits === '+420777123456'
      ? [
          {
            kind: 'person',
            id: 7,
            name: 'Jana Nováková',
            label: 'mobile',
            companies: [{ id: 3, name: 'Nováková Trading', role: 'owner' }],
          },
        ]
      : [];
  return { ok: true, number: { display: `formatted ${digits}` }, dial: digits, matches };
}

const recent: RecentNumber[] = [
  {
    dial: '+420224812345',
    display: '+420 224 812 345',
    name: 'Petr Svoboda',
    lastDialledAt: Date.now() - 120_000,
    source: 'dialpad',
  },
  { dial: '201', display: '201', name: null, lastDialledAt: Date.now() - 7_200_000, source: 'tray' },
];

function setup(
  dial: (
    args: CallsDialArgs,
  ) => ReturnType<typeof ok> | { ok: false; error: { code: 'business-error'; message: string } } = (args) =>
    ok({
      dialled: args.number.replace(/\s/g, ''),
      number: { display: `formatted ${args.number}` },
      message: 'Calling +420777123456 from phone webrtc-1 (extension 101)',
    }),
) {
  const dialled: CallsDialArgs[] = [];
  installFakeRingside({
    'dial:resolve': ({ raw }) => ok(resolve(raw)),
    'dial:recent': () => ok(recent),
    'calls:dial': (args) => {
      dialled.push(args);
      return dial(args) as never;
    },
  });
  render(DialView);
  const input = screen.getByLabelText('Number') as HTMLInputElement;
  return { input, dialled };
}

describe('the dial pad', () => {
  it('shows its examples beside the field, whole, not as a placeholder cut off by the field', () => {
    const { input } = setup();
    expect(input).not.toHaveAttribute('placeholder');
    expect(input).toHaveAccessibleDescription(/^For example \+420 777 123 456, 777 123 456, 201 or \*31#/);
  });

  it('shows the normalised number and who it belongs to as the user types', async () => {
    const { input } = setup();
    await fireEvent.input(input, { target: { value: '+420 777 123 456' } });
    const preview = document.getElementById('dial-preview')!;
    await waitFor(() => expect(preview).toHaveTextContent('Dials formatted +420777123456'));
    expect(preview).toHaveTextContent('Jana Nováková');
    expect(preview).toHaveTextContent('Contact · mobile · Nováková Trading');

    await fireEvent.input(input, { target: { value: '201' } });
    await waitFor(() => expect(preview).toHaveTextContent('Dials formatted 201'));
    expect(preview).toHaveTextContent('Not in your directory.');
  });

  it('says next to the field why the text is no number', async () => {
    const { input } = setup();
    await fireEvent.input(input, { target: { value: 'call me' } });
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('"call me" is not a phone number.'));
  });

  it('dials on Enter, says so, clears the field and refreshes the recent numbers', async () => {
    const { input, dialled } = setup();
    await fireEvent.input(input, { target: { value: '+420 777 123 456' } });
    await fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(dialled).toEqual([{ number: '+420 777 123 456', source: 'dialpad' }]));
    const result = screen.getByTestId('dial-result');
    await waitFor(() =>
      expect(result).toHaveTextContent('Calling formatted +420 777 123 456. The PBX has started the call.'),
    );
    // The PBX's own confirmation (its English, its phone ids) is not shown.
    expect(result).not.toHaveTextContent('webrtc');
    expect(input).toHaveValue('');
    expect(within(result).getByRole('link', { name: 'Show calls' })).toHaveAttribute('href', '#/calls');
  });

  it('keeps the number and shows the PBX’s refusal next to it', async () => {
    const { input } = setup(() => ({
      ok: false,
      error: { code: 'business-error', message: 'The phone is offline.' },
    }));
    await fireEvent.input(input, { target: { value: '201' } });
    await fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining('The phone is offline.')),
    );
    expect(input).toHaveValue('201');
  });

  it('keeps only the number from pasted text', async () => {
    const { input } = setup();
    const clipboardData = {
      getData: () => 'Tel.: +420\u00a0777\u200b 123 456 (mobile)\nFax: +420 224 000 000',
    };
    await fireEvent.paste(input, { clipboardData });
    expect(input).toHaveValue('+420 777 123 456');
    await waitFor(() => expect(document.getElementById('dial-preview')).toHaveTextContent('Jana Nováková'));
  });

  it('types with the keypad and deletes the last character', async () => {
    const { input } = setup();
    const keypad = screen.getByRole('group', { name: 'Keypad' });
    for (const key of ['2', '0', '1'])
      await fireEvent.click(within(keypad).getByRole('button', { name: new RegExp(`^${key}`) }));
    await waitFor(() => expect(input).toHaveValue('201'));
    await fireEvent.click(screen.getByRole('button', { name: 'Delete the last character' }));
    await waitFor(() => expect(input).toHaveValue('20'));
  });

  it('redials a recent number with one click, and moves along the list with the arrow keys', async () => {
    const { dialled } = setup();
    const list = await screen.findByRole('list');
    const entries = within(list).getAllByRole('button');
    expect(entries.map((entry) => entry.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Call Petr Svoboda +420 224 812 345 2 min. ago',
      'Call 201 2 hr. ago',
    ]);
    entries[0]!.focus();
    await fireEvent.keyDown(entries[0]!, { key: 'ArrowDown' });
    expect(entries[1]).toHaveFocus();
    await fireEvent.keyDown(entries[1]!, { key: 'ArrowDown' });
    expect(entries[0]).toHaveFocus();
    await fireEvent.click(entries[1]!);
    await waitFor(() => expect(dialled).toEqual([{ number: '201', source: 'dialpad' }]));
  });

  it('sends one dial for a double press', async () => {
    let finish: (value: unknown) => void = () => {};
    const dialled = vi.fn();
    installFakeRingside({
      'dial:resolve': ({ raw }) => ok(resolve(raw)),
      'dial:recent': () => ok([]),
      'calls:dial': (args) => {
        dialled(args);
        return new Promise((resolveDial) => (finish = resolveDial)) as never;
      },
    });
    render(DialView);
    const input = screen.getByLabelText('Number');
    await fireEvent.input(input, { target: { value: '201' } });
    await fireEvent.keyDown(input, { key: 'Enter' });
    await fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dialling…' })).toBeDisabled());
    expect(dialled).toHaveBeenCalledOnce();
    finish(ok({ dialled: '201', number: { display: '201' }, message: 'Call placed.' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dial' })).toBeEnabled());
  });
});

describe('cleanPastedNumber', () => {
  it.each([
    ['+420 777 123 456', '+420 777 123 456'],
    ['Tel.: +420 777 123 456, fax +420 777 000 000', '+420 777 123 456'],
    ['tel:+44-20-7946-0958', '+44-20-7946-0958'],
    ['(+44) 20 7946 0958 ext. 12 (office)', '(+44) 20 7946 0958 ext. 12'],
    ['0777\u00a0123\u00a0456\n', '0777 123 456'],
    ['7\u200b7\u200b7 123 456', '777 123 456'],
    ['Call 201 please', '201'],
    ['777 123 456\n777 000 000', '777 123 456'],
    ['no digits here', 'no digits here'],
  ])('%j → %j', (pasted, kept) => {
    expect(cleanPastedNumber(pasted)).toBe(kept);
  });
});
