/** The browser host's banner about its link to Ringside: shown only while that link is not working. */
import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import ReconnectBanner from '../../src-renderer/components/ReconnectBanner.svelte';
import { LinkState } from '../../src-renderer/lib/transport/linkState.svelte';

describe('the reconnect banner', () => {
  it('says what the link is doing, and nothing while connected', () => {
    const link = new LinkState();
    render(ReconnectBanner, { link });
    expect(screen.getByRole('status')).toHaveTextContent('Connecting to Ringside…');

    link.status = 'connected';
    flushSync();
    expect(screen.queryByRole('status')).toBeNull();

    link.status = 'reconnecting';
    flushSync();
    expect(screen.getByRole('status')).toHaveTextContent(/^Reconnecting… .*What you typed stays here\.$/);

    link.status = 'signed-out';
    flushSync();
    expect(screen.getByRole('status')).toHaveTextContent(
      'This page is not signed in to Ringside. Open a new link to Ringside in this browser',
    );
  });
});
