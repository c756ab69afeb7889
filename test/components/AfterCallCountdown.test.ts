import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import AfterCallCountdown from '../../src-renderer/components/AfterCallCountdown.svelte';
import { afterCallRemainingMs } from '../../src-renderer/lib/afterCallTime';
import { installFakeRingside, ok } from './fakeRingside';

describe('the after-call countdown', () => {
  it('counts the team’s after-call time down from the call’s end, and stops at zero', () => {
    expect(afterCallRemainingMs(10_000, 30, 25_000)).toBe(15_000);
    expect(afterCallRemainingMs(10_000, 30, 41_000)).toBe(0);
  });

  it('shows the time left', async () => {
    installFakeRingside({ 'calls:afterCallSeconds': () => ok(600) });
    render(AfterCallCountdown, { endedAt: Date.now() });
    expect(await screen.findByTestId('after-call-time')).toHaveTextContent(/After-call time: \d+:\d{2} left/);
  });

  it('says the time is over at zero, and discards nothing', async () => {
    installFakeRingside({ 'calls:afterCallSeconds': () => ok(30) });
    render(AfterCallCountdown, { endedAt: Date.now() - 60_000 });
    expect(await screen.findByTestId('after-call-time')).toHaveTextContent('The after-call time is over.');
  });

  it('shows nothing when the team sets no after-call time', async () => {
    installFakeRingside({ 'calls:afterCallSeconds': () => ok(null) });
    render(AfterCallCountdown, { endedAt: Date.now() });
    await Promise.resolve();
    expect(screen.queryByTestId('after-call-time')).toBeNull();
  });
});
