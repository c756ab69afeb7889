import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CrmLink, CrmLinkArgs } from '../../src-main/shared/contract';
import OpenInCrm from '../../src-renderer/components/OpenInCrm.svelte';
import { openInNewTab } from '../../src-renderer/lib/openInNewTab';
import { setAppHost } from '../../src-renderer/lib/transport/appHost';
import { installFakeRingside, ok } from './fakeRingside';

const URL_OF_CALL = 'https://crm.example/call?n=%2B420601123456';

function setup(answer: (args: CrmLinkArgs) => CrmLink) {
  const asked: CrmLinkArgs[] = [];
  installFakeRingside({
    'crm:link': (args) => {
      asked.push(args);
      return ok(answer(args));
    },
  });
  render(OpenInCrm, { uniqueid: '17.1', personId: 7 });
  return asked;
}

const ready = (opened: boolean): CrmLink => ({
  status: 'ready',
  url: URL_OF_CALL,
  kind: 'call',
  source: 'team',
  opened,
});

afterEach(() => {
  setAppHost('desktop');
  vi.restoreAllMocks();
});

describe('OpenInCrm', () => {
  it('asks the main process to open the link in the desktop app', async () => {
    const asked = setup(({ open }) => ready(open));
    await fireEvent.click(await screen.findByRole('button', { name: 'Open in CRM' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ uniqueid: '17.1', personId: 7, open: true }));
    expect(asked[0]).toEqual({ uniqueid: '17.1', personId: 7, open: false });
  });

  it('opens a new tab with noopener in the browser host, in the click itself', async () => {
    setAppHost('browser');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const asked = setup(() => ready(false));
    await fireEvent.click(await screen.findByRole('button', { name: 'Open in CRM' }));
    expect(open).toHaveBeenCalledWith(URL_OF_CALL, '_blank', 'noopener,noreferrer');
    expect(asked).toHaveLength(1);
  });

  it('offers nothing without a template, and says why a template is refused', async () => {
    setup(() => ({ status: 'none' }));
    await waitFor(() => expect(screen.queryByRole('button')).not.toBeInTheDocument());
    document.body.innerHTML = '';
    setup(() => ({
      status: 'refused',
      problem: 'The CRM template uses placeholders Ringside does not know: {x}.',
    }));
    expect(await screen.findByRole('note')).toHaveTextContent('Ringside does not know: {x}');
  });
});

describe('openInNewTab', () => {
  it('opens only https: links and http: to this computer', () => {
    const open = vi.fn();
    expect(openInNewTab('javascript:alert(1)', open)).toBe(false);
    expect(openInNewTab('http://crm.example/', open)).toBe(false);
    expect(openInNewTab('http://localhost:9/x', open)).toBe(true);
    expect(open.mock.calls).toEqual([['http://localhost:9/x', '_blank', 'noopener,noreferrer']]);
  });
});
