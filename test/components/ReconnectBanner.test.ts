/**
 * The browser host's banner about its link to Ringside: shown only while that link is not working; a team
 * server's page, signed out, says how to sign in there (never the browser host's `npm start` advice).
 */
import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import ReconnectBanner from '../../src-renderer/components/ReconnectBanner.svelte';
import { servedByTeamServer } from '../../src-renderer/lib/transport/connectBrowserHost';
import { LinkState } from '../../src-renderer/lib/transport/linkState.svelte';
import { setActiveLocale } from '../../src-main/shared/i18n';
import { pageWithKey } from '../../src-main/web/signInAnswers';

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

  it('tells a team server’s signed-out page to sign in again there, in the agent’s language', () => {
    const served = (teamServer: boolean) =>
      new DOMParser().parseFromString(
        pageWithKey('<!doctype html><html><head></head><body></body></html>', 'key', { teamServer }),
        'text/html',
      );
    expect(servedByTeamServer(served(false))).toBe(false);
    const link = new LinkState(servedByTeamServer(served(true)));
    link.status = 'signed-out';
    const { unmount } = render(ReconnectBanner, { link });
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('open a new enrollment link from your administrator');
    expect(banner).toHaveTextContent('identity provider');
    expect(banner).not.toHaveTextContent('npm start');
    unmount();

    setActiveLocale('cs');
    try {
      render(ReconnectBanner, { link });
      expect(screen.getByRole('status')).toHaveTextContent('otevřete nový registrační odkaz od správce');
    } finally {
      setActiveLocale('en');
    }
  });
});
