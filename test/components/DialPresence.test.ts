/**
 * Colleagues' presence on the dial pad (a team server): when the number typed is a signed-in colleague's
 * extension, the preview says whether they are free, ringing or on a call (by the directory's name for
 * them), and whether they are paused in all queues; a number that is no colleague's, or a host without
 * presence, says nothing of it.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { ColleaguePresence, DialPreview, PresenceList } from '../../src-main/shared/contract';
import DialView from '../../src-renderer/views/DialView.svelte';
import { installFakeRingside, ok } from './fakeRingside';

const JANA: ColleaguePresence = {
  userId: 4,
  username: 'jana.novakova',
  extension: '1002',
  state: 'busy',
  pausedInAllQueues: false,
  since: 0,
};

function resolve(raw: string): DialPreview {
  const digits = raw.replace(/\s/g, '');
  if (digits === '') return { ok: false, reason: '' };
  const internal = digits.length <= 4;
  return {
    ok: true,
    number: internal ? { display: digits, internal: digits } : { display: digits, e164: digits },
    dial: digits,
    matches: digits === '1002' ? [{ kind: 'user', id: 4, name: 'Jana Nováková', label: 'extension' }] : [],
  };
}

async function typeNumber(number: string, list: PresenceList) {
  const fake = installFakeRingside({
    'dial:resolve': ({ raw }) => ok(resolve(raw)),
    'dial:recent': () => ok([]),
    'presence:list': () => ok(list),
  });
  render(DialView);
  await fireEvent.input(screen.getByLabelText('Number'), { target: { value: number } });
  const preview = document.getElementById('dial-preview')!;
  await waitFor(() => expect(preview).toHaveTextContent(`Dials ${number}`));
  return { fake, preview };
}

describe("colleagues' presence on the dial pad", () => {
  it('says a colleague is on a call when their extension is typed, and follows what changes', async () => {
    const { fake, preview } = await typeNumber('1002', { available: true, colleagues: [JANA] });
    await waitFor(() => expect(preview).toHaveTextContent('Jana Nováková is on a call'));

    fake.emit('presence:changed', {
      changed: [{ ...JANA, state: 'ringing', pausedInAllQueues: true }],
      gone: [],
    });
    await waitFor(() =>
      expect(screen.getByTestId('dial-presence')).toHaveTextContent(
        "Jana Nováková's phone is ringing Jana Nováková is paused in all queues.",
      ),
    );

    fake.emit('presence:changed', {
      changed: [{ ...JANA, state: 'free', pausedInAllQueues: false }],
      gone: [],
    });
    await waitFor(() =>
      expect(screen.getByTestId('dial-presence')).toHaveTextContent(/^Jana Nováková is free$/),
    );
  });

  it('names the colleague by their username when the directory does not know the extension', async () => {
    const { preview } = await typeNumber('1005', {
      available: true,
      colleagues: [{ ...JANA, userId: 9, username: 'petr.svoboda', extension: '1005', state: 'free' }],
    });
    await waitFor(() => expect(preview).toHaveTextContent('petr.svoboda is free'));
  });

  it('says nothing for a number that is no colleague', async () => {
    await typeNumber('+420777123456', {
      available: true,
      colleagues: [{ ...JANA, extension: '+420777123456' }],
    });
    // An outside number is never an extension, even one written the same.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('dial-presence')).toBeNull();
  });

  it('says nothing where presence is not available', async () => {
    await typeNumber('1002', { available: false, colleagues: [] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('dial-presence')).toBeNull();
  });
});
