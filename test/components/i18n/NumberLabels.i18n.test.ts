/**
 * Labels that arrive as data — Ringside's own `extension`, an extension's type (`phone`, `queue`, `ivr`…),
 * the PBX's `mobile` — are worded in the agent's language wherever a number's owner or an entry is described:
 * the dial pad's preview ("Kolega · klapka") and the Directory's colleagues and extensions.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { DialPreview, DirectorySearchResult, SyncStatus } from '../../../src-main/shared/contract';
import { setActiveLocale, type Locale } from '../../../src-main/shared/i18n';
import DialView from '../../../src-renderer/views/DialView.svelte';
import DirectoryView from '../../../src-renderer/views/DirectoryView.svelte';
import { installFakeRingside, ok } from '../fakeRingside';

afterEach(() => setActiveLocale('en'));

const number = (display: string, label: string) => ({ raw: display, label, display, dial: display });

const result = (query: string): DirectorySearchResult => ({
  query,
  persons: { items: [], more: false },
  companies: { items: [], more: false },
  users: {
    items: [
      {
        ...{ kind: 'user', id: 2, name: 'Petr Novák', username: 'pnovak', email: null, active: true },
        numbers: [number('201', 'extension')],
      },
    ],
    more: false,
  },
  extensions: {
    items: [
      { kind: 'extension', id: 9, name: 'Linka 12', type: 'phone', numbers: [number('12', 'phone')] },
      { kind: 'extension', id: 10, name: 'Menu', type: 'ivr', numbers: [number('500', 'ivr')] },
      {
        ...{ kind: 'extension', id: 11, name: 'Soukromá linka', type: 'phone' },
        numbers: [number('501', 'private mobile'), number('502', 'other'), number('503', 'Pobočka Brno')],
      },
    ],
    more: false,
  },
});

const sync: SyncStatus = {
  ...{ running: false, phase: null, done: 0, total: 0, rate: 0, nextRunAt: null },
  lastCompletedAt: Date.now(),
  counts: { persons: 0, companies: 0, users: 1, extensions: 2, numbers: 3 },
};

async function showDirectory(locale: Locale) {
  setActiveLocale(locale);
  installFakeRingside({
    'sync:status': () => ok(sync),
    'directory:search': ({ query }) => ok(result(query)),
  });
  render(DirectoryView);
  await fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'li' } });
  return screen.findByRole('region', { name: /Výsledky|Results/ });
}

async function previewOf(locale: Locale, owner: DialPreview & { ok: true }) {
  setActiveLocale(locale);
  installFakeRingside({ 'dial:resolve': () => ok(owner), 'dial:recent': () => ok([]) });
  render(DialView);
  await fireEvent.input(screen.getByRole('textbox', { name: /Číslo/ }), { target: { value: '12' } });
  const preview = document.getElementById('dial-preview')!;
  await waitFor(() => expect(preview).toHaveTextContent('12'));
  return preview;
}

const colleague: DialPreview & { ok: true } = {
  ok: true,
  number: { display: '12' },
  dial: '12',
  matches: [{ kind: 'user', id: 2, name: 'Petr Novák', label: 'extension' }],
};

describe('number labels in Czech and Slovak', () => {
  it('describes a colleague’s number in Czech on the dial pad: Kolega · klapka', async () => {
    const preview = await previewOf('cs', colleague);
    await waitFor(() => expect(preview).toHaveTextContent('Kolega · klapka'));
    expect(preview).not.toHaveTextContent('extension');
  });

  it('describes an extension’s number by its type in Slovak: Klapka · telefón', async () => {
    const preview = await previewOf('sk', {
      ...colleague,
      matches: [{ kind: 'extension', id: 9, name: 'Linka 12', label: 'phone', number: '12' }],
    });
    await waitFor(() => expect(preview).toHaveTextContent('Klapka · telefón'));
  });

  it('words colleagues’ and extensions’ labels and types in the Czech Directory', async () => {
    const results = await showDirectory('cs');
    const text = results.textContent ?? '';
    expect(within(results).getAllByText('klapka').length).toBeGreaterThan(0);
    expect(within(results).getAllByText('telefon').length).toBeGreaterThan(0);
    expect(within(results).getAllByText('hlasové menu (IVR)').length).toBeGreaterThan(0);
    // A label of more than one word, the label "other", and one the catalogue does not know (kept as written).
    expect(within(results).getByText('soukromý mobil')).toBeVisible();
    expect(within(results).getByText('jiné')).toBeVisible();
    expect(within(results).getByText('Pobočka Brno')).toBeVisible();
    for (const english of ['extension', 'phone', 'ivr', 'private mobile', 'other'])
      expect(text).not.toMatch(new RegExp(`\\b${english}\\b`));
  });
});
