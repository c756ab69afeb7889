import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { CallContextView } from '../../src-main/shared/contract';
import CallContextList from '../../src-renderer/components/CallContextList.svelte';
import { installFakeRingside, ok } from './fakeRingside';

function setup(data: Record<string, unknown>, context: CallContextView) {
  installFakeRingside({ 'calls:context': () => ok(context) });
  render(CallContextList, { uniqueid: '17.1', data, headingId: 'data-heading' });
  return screen.getByRole('region', { name: 'Call data' });
}

const keys = (region: HTMLElement) => [...region.querySelectorAll('dt')].map((term) => term.textContent);

describe('CallContextList', () => {
  it('lists the data and the permitted metadata as text, the first keys first, long values folded', async () => {
    const hostile = '<img src=x onerror="alert(1)">';
    const long = `${'reason '.repeat(30)}end`;
    const region = setup(
      { note: hostile, reason: long },
      { metadata: { status: 'shown', metadata: { customer_id: 'C-9' } }, firstKeys: ['customer_id'] },
    );
    await waitFor(() => expect(keys(region)).toEqual(['customer_id', 'note', 'reason']));
    expect(region).toHaveTextContent(`note ${hostile}`);
    expect(region.querySelector('img')).toBeNull();
    const folded = region.querySelector('details')!;
    expect(within(folded).getByText(/…$/)).toBeInTheDocument();
    expect(folded).toHaveTextContent('end');
    expect(folded.open).toBe(false);
  });

  it('leaves metadata out when the agent may not see it', async () => {
    const region = setup(
      { reason: 'billing' },
      { metadata: { status: 'not-permitted', message: 'no' }, firstKeys: [] },
    );
    await waitFor(() => expect(keys(region)).toEqual(['reason']));
    expect(region).not.toHaveTextContent('no');
  });
});
