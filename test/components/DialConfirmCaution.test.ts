/** The dial confirmation says why an emergency or a costly number asks although the setting is off. */
import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { DialCaution, DialRequest } from '../../src-main/shared/contract';
import DialConfirm from '../../src-renderer/components/DialConfirm.svelte';
import { installFakeRingside } from './fakeRingside';

const request = (caution?: DialCaution): DialRequest => ({
  requestId: 'c1',
  source: 'link',
  number: { display: '112', internal: '112' },
  dial: '112',
  match: null,
  matches: [],
  ...(caution ? { caution } : {}),
});

function open(value: DialRequest): void {
  window.location.hash = `#confirm/${encodeURIComponent(JSON.stringify(value))}`;
  installFakeRingside({});
  render(DialConfirm);
}

afterEach(() => {
  window.location.hash = '';
});

describe('the dial confirmation of a number that always asks', () => {
  it.each([
    ['emergency', 'This is an emergency number.'],
    ['premium-rate', 'This is a premium-rate number: calls to it cost extra.'],
    ['shared-cost', 'This is a shared-cost number: calls to it may cost extra.'],
  ] as const)('says why for %s', (caution, text) => {
    open(request(caution));
    expect(screen.getByRole('note')).toHaveTextContent(text);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Ringside always asks before dialling one from a link or a shortcut.',
    );
  });

  it('says nothing of the kind for an ordinary number', () => {
    open(request());
    expect(screen.queryByRole('note')).toBeNull();
  });
});
