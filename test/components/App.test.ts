import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../src-main/shared/contract';
import App from '../../src-renderer/App.svelte';
import { appInfo as info, offline } from './appFixtures';
import { installFakeRingside, ok } from './fakeRingside';

describe('App', () => {
  beforeEach(() => {
    window.location.hash = '';
  });

  it('shows the connection state it is given, then each change', async () => {
    const fake = installFakeRingside({ 'app:info': () => ok(info), 'connection:get': () => ok(offline) });
    render(App);
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Offline The PBX did not answer.'));
    fake.emit('connection:state', {
      status: 'connected',
      message: 'Connected to pbx.example.com.',
      since: 2,
    });
    await waitFor(() => expect(status).toHaveTextContent('Connected Connected to pbx.example.com.'));
  });

  it('keeps an event that overtakes the first answer', async () => {
    let answer: (state: ReturnType<typeof ok<ConnectionState>>) => void = () => {};
    const fake = installFakeRingside({
      'app:info': () => ok(info),
      'connection:get': () => new Promise((resolve) => (answer = resolve)),
    });
    render(App);
    await waitFor(() => expect(fake.listenerCount('connection:state')).toBe(1));
    fake.emit('connection:state', { status: 'connected', message: 'Newer.', since: 3 });
    answer(ok(offline));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Connected Newer.'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('status')).toHaveTextContent('Connected Newer.');
  });

  it('stops following events when it goes away', async () => {
    const fake = installFakeRingside({ 'app:info': () => ok(info), 'connection:get': () => ok(offline) });
    const { unmount } = render(App);
    await waitFor(() => expect(fake.listenerCount('connection:state')).toBe(1));
    unmount();
    expect(fake.listenerCount('connection:state')).toBe(0);
    expect(fake.listenerCount('about:requested')).toBe(0);
  });

  it('opens About when the application menu asks', async () => {
    const fake = installFakeRingside({ 'app:info': () => ok(info), 'connection:get': () => ok(offline) });
    window.location.hash = '#/elsewhere';
    render(App);
    await waitFor(() => expect(fake.listenerCount('about:requested')).toBe(1));
    fake.emit('about:requested', null);
    await waitFor(() => expect(window.location.hash).toBe('#/about'));
    // The view follows the hashchange event, which fires after the fragment changed.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('About'));
  });

  it('opens the History on its missed calls when the tray asks', async () => {
    const asked: unknown[] = [];
    const fake = installFakeRingside({
      'app:info': () => ok(info),
      'connection:get': () => ok(offline),
      'history:list': (args) => {
        asked.push(args);
        return ok({ items: [], nextCursor: null, missedUnseen: 0 });
      },
    });
    window.location.hash = '#/dial';
    render(App);
    await waitFor(() => expect(fake.listenerCount('screen:show')).toBe(1));
    fake.emit('screen:show', { screen: 'history', filter: 'missed' });
    await waitFor(() => expect(window.location.hash).toBe('#/history'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Missed/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(asked).toContainEqual(expect.objectContaining({ filter: 'missed' }));
  });
});
