/** The dial confirmation says why an emergency or a costly number asks although the setting is off. */
import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { DialCaution, DialRequest, NumberMatch } from '../../src-main/shared/contract';
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
    ['international-network', 'This is a number on an international network or a satellite service'],
    ['foreign-country', 'This is a number abroad, outside the countries Ringside dials without asking.'],
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

describe('the dial confirmation of a number in another country', () => {
  it('names the country in the agent’s language', () => {
    open({
      ...request('foreign-country'),
      number: { display: '+252 61 234 5678', e164: '+252612345678' },
      dial: '+252612345678',
      cautionCountry: 'SO',
    });
    expect(screen.getByRole('note')).toHaveTextContent(
      'This is a number in Somalia, outside the countries Ringside dials without asking.',
    );
  });
});

describe('a tel: link to 112 that is also a colleague’s extension', () => {
  it('says the emergency services are dialled, not the colleague, and never offers both', () => {
    const colleague: NumberMatch = {
      kind: 'extension',
      id: 7,
      name: 'Petr Malý',
      label: 'extension',
      number: '112',
    };
    open({ ...request('emergency'), match: colleague, matches: [colleague] });
    // One statement: which is dialled, and why, not a warning and a colleague side by side.
    expect(screen.getByRole('note')).toHaveTextContent(
      '112 is an emergency number: dialling it reaches the emergency services, not Petr Malý, whose extension has the same digits (phone systems connect emergency numbers first). Ringside always asks before dialling one from a link or a shortcut.',
    );
    expect(screen.getAllByText(/emergency/)).toHaveLength(1);
    // The colleague is not presented as whom the call reaches.
    expect(document.querySelector('.owner')).toBeNull();
  });
});
