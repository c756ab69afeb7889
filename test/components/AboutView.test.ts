import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../../src-main/shared/contract';
import AboutView from '../../src-renderer/views/AboutView.svelte';
import { installFakeRingside, ok } from './fakeRingside';

const info: AppInfo = {
  name: 'Ringside',
  version: '3.4.5',
  platform: 'win32',
  versions: { electron: '45.4.1', chrome: '142.0.7444.52', node: '24.11.0' },
  mode: 'demo',
};

/** The value shown for a labelled fact of the About panel. */
function fact(label: string): HTMLElement | null {
  const term = screen.queryByText(label, { selector: 'dt' });
  return term?.nextElementSibling instanceof HTMLElement ? term.nextElementSibling : null;
}

describe('AboutView', () => {
  it('shows the app info from the main process', async () => {
    installFakeRingside({ 'app:info': () => ok(info) });
    render(AboutView);
    expect(await screen.findByText('Version 3.4.5')).toBeVisible();
    expect(screen.getByText('Ringside', { selector: '.name' })).toBeVisible();
    expect(fact('Mode')).toHaveTextContent('Demo PBX');
    expect(fact('Platform')).toHaveTextContent('Windows');
    expect(fact('Electron')).toHaveTextContent('45.4.1');
    expect(fact('Chrome')).toHaveTextContent('142.0.7444.52');
    expect(fact('Node.js')).toHaveTextContent('24.11.0');
  });

  it('leaves out runtimes the process does not have', async () => {
    installFakeRingside({
      'app:info': () =>
        ok({ ...info, platform: 'freebsd', mode: 'unconfigured', versions: { node: '24.1.0' } }),
    });
    render(AboutView);
    expect(await screen.findByText('Version 3.4.5')).toBeVisible();
    expect(fact('Platform')).toHaveTextContent('freebsd');
    expect(fact('Mode')).toHaveTextContent('Not configured');
    expect(fact('Electron')).toBeNull();
    expect(fact('Chrome')).toBeNull();
  });

  it('says why when the info cannot be read', async () => {
    installFakeRingside({
      'app:info': () => ({
        ok: false,
        error: { code: 'internal', message: 'Something went wrong inside Ringside.' },
      }),
    });
    render(AboutView);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong inside Ringside.');
  });
});
