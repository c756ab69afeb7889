import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { ConnectionStatusSchema, type ConnectionStatus } from '../../src-main/shared/contract';
import StatusBar from '../../src-renderer/components/StatusBar.svelte';
import { installFakeRingside, ok } from './fakeRingside';

const expectedText: Record<ConnectionStatus, string> = {
  connected: 'Connected',
  connecting: 'Connecting…',
  offline: 'Offline',
  'credentials-rejected': 'Credentials rejected',
  unconfigured: 'Not configured',
};

describe('StatusBar', () => {
  it.each(ConnectionStatusSchema.options)('says %s in words, with the message', (status) => {
    const message = `Reason for ${status}.`;
    render(StatusBar, { connection: { status, message, since: 0 } });
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent(`PBX connection: ${expectedText[status]} ${message}`);
  });

  it('gives each status its own tone, so colour never stands alone but still differs', () => {
    const tones = ConnectionStatusSchema.options.map((status) => {
      const { unmount } = render(StatusBar, { connection: { status, message: '', since: 0 } });
      const tone = screen.getByRole('status').dataset.tone;
      unmount();
      return tone;
    });
    expect(new Set(tones).size).toBe(tones.length);
  });

  it('says when the PBX is up but the calls of the phone cannot be read (no screen-pop until it clears)', () => {
    render(StatusBar, {
      connection: {
        status: 'connected',
        message: 'Connected.',
        since: 0,
        callsProblem: 'The PBX sent a call Ringside could not read.',
      },
    });
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent(
      'PBX connection: Calls not readable The PBX sent a call Ringside could not read.',
    );
    expect(region.dataset.tone).toBe('warning');
  });

  it('says it is still checking before the first state arrives', () => {
    render(StatusBar, { connection: null });
    expect(screen.getByRole('status')).toHaveTextContent('Checking connection…');
  });

  it('says the state is unknown, and why, when it could not be read', () => {
    render(StatusBar, { connection: null, error: { title: 'The main process did not answer.' } });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Connection unknown The main process did not answer.',
    );
  });

  it('shows a hostile message as text', () => {
    const message = '<img src=x onerror="alert(1)">';
    render(StatusBar, { connection: { status: 'offline', message, since: 0 } });
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent(message);
    expect(region.querySelector('img')).toBeNull();
  });

  it('offers Try again while offline, which checks the PBX now', async () => {
    let retries = 0;
    installFakeRingside({
      'connection:retry': () => {
        retries += 1;
        return ok({ status: 'connected', message: 'Connected.', since: 1 });
      },
    });
    render(StatusBar, { connection: { status: 'offline', message: 'Retrying in 60 s.', since: 0 } });
    await fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retries).toBe(1);
  });

  it('offers no Try again while connected', () => {
    render(StatusBar, { connection: { status: 'connected', message: 'Connected.', since: 0 } });
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
