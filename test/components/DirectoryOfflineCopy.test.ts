/**
 * The Directory while the team server cannot be reached: results from the desktop's offline copy say so,
 * with the copy's time, in the agent's language; results from the server say nothing of it.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { DirectorySearchResult } from '../../src-main/shared/contract';
import { setActiveLocale } from '../../src-main/shared/i18n';
import DirectoryView from '../../src-renderer/views/DirectoryView.svelte';
import { installFakeRingside, ok } from './fakeRingside';

/** Today at 14:05. */
const copiedAt = new Date().setHours(14, 5, 0, 0);

function result(query: string, offlineCopyFrom?: number): DirectorySearchResult {
  const empty = { items: [], more: false };
  return {
    query,
    persons: {
      items: [{ kind: 'person', id: 7, name: 'Jana Nováková', companies: [], numbers: [], emails: [] }],
      more: false,
    },
    companies: empty,
    users: empty,
    extensions: empty,
    ...(offlineCopyFrom === undefined ? {} : { offlineCopyFrom }),
  };
}

function setup(offlineCopyFrom?: number) {
  installFakeRingside({
    'directory:search': ({ query }) => ok(result(query, offlineCopyFrom)),
  });
  render(DirectoryView);
  return screen.getByLabelText(/./, { selector: 'input[type=search]' }) as HTMLInputElement;
}

const time = (at: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(at);

afterEach(() => setActiveLocale('en'));

describe('the Directory’s offline line', () => {
  it('says the results come from the copy, and from when', async () => {
    const input = setup(copiedAt);
    await fireEvent.input(input, { target: { value: 'nov' } });
    await screen.findByText(/Jana Nováková/);
    const line = screen.getByText(/^Offline: searching the copy from /);
    expect(line).toHaveAttribute('role', 'status');
    expect(line).toHaveTextContent(`Offline: searching the copy from ${time(copiedAt, 'en')}`);
  });

  it('says it in Czech for a Czech agent', async () => {
    setActiveLocale('cs');
    const input = setup(copiedAt);
    await fireEvent.input(input, { target: { value: 'nov' } });
    const line = await screen.findByText(/^Bez připojení: vyhledáváte v kopii z /);
    expect(line.textContent).toContain(time(copiedAt, 'cs'));
  });

  it('names the day of a copy made on another day', async () => {
    const twoDaysAgo = copiedAt - 2 * 86_400_000;
    const input = setup(twoDaysAgo);
    await fireEvent.input(input, { target: { value: 'nov' } });
    const line = await screen.findByText(/^Offline: searching the copy from /);
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(twoDaysAgo);
    expect(line.textContent).toContain(day);
  });

  it('says nothing of a copy when the server answered', async () => {
    const input = setup();
    await fireEvent.input(input, { target: { value: 'nov' } });
    await screen.findByText(/Jana Nováková/);
    expect(screen.queryByText(/Offline/)).toBeNull();
  });
});
