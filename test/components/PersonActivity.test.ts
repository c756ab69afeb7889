/**
 * A person's interactions and tasks as a list in words: the subject as the line, the channel worded, dates the
 * local way (no ISO text), done as Done/Open, the record's id left out, an unknown field kept as "key: value";
 * all as text, never markup. Nothing when there are none.
 */
import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { PersonActivity as Activity } from '../../src-main/shared/contract';
import { setActiveLocale } from '../../src-main/shared/i18n';
import PersonActivity from '../../src-renderer/components/PersonActivity.svelte';
import { installFakeRingside, ok } from './fakeRingside';

afterEach(() => setActiveLocale('en'));

/** As main passes on what the demo PBX returns (`calls/context/personActivity.ts`). */
const activity = (id: number): Activity => ({
  interactions: [
    [
      { key: 'id', value: '70' },
      { key: 'channel', value: 'email' },
      { key: 'subject', value: '<b>Invoice</b>' },
      { key: 'created', value: '2026-01-08T10:00:00.000Z' },
      { key: 'priority', value: 'high' },
    ],
  ],
  tasks:
    id === 7
      ? [
          [
            { key: 'id', value: '71' },
            { key: 'name', value: 'Call back' },
            { key: 'done', value: 'true' },
          ],
        ]
      : [],
  more: false,
});

const dateOf = (locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    Date.parse('2026-01-08T10:00:00.000Z'),
  );

describe('PersonActivity', () => {
  it('lists the interactions and tasks in words, with local dates, as text', async () => {
    installFakeRingside({ 'directory:personActivity': ({ id }) => ok(activity(id)) });
    render(PersonActivity, { personId: 7 });
    const interactions = await screen.findByRole('region', { name: 'Interactions' });
    const [item] = within(interactions).getAllByRole('listitem');
    expect(item).toHaveTextContent(`<b>Invoice</b> E-mail · ${dateOf('en')} · priority: high`);
    expect(interactions.querySelector('b')).toBeNull();
    expect(interactions).not.toHaveTextContent(/2026-01-08|channel|subject|created|\b70\b/);
    expect(screen.getByRole('region', { name: 'Tasks' })).toHaveTextContent('Call back Done');
  });

  it('speaks Czech: the channel, the date the Czech way, Hotovo', async () => {
    setActiveLocale('cs');
    installFakeRingside({ 'directory:personActivity': ({ id }) => ok(activity(id)) });
    render(PersonActivity, { personId: 7 });
    const interactions = await screen.findByRole('region', { name: 'Interakce' });
    expect(interactions).toHaveTextContent(`E-mail · ${dateOf('cs')}`);
    expect(screen.getByRole('region', { name: 'Úkoly' })).toHaveTextContent('Call back Hotovo');
  });

  it('shows nothing when there are none, and a quiet line when they cannot be read', async () => {
    installFakeRingside({
      'directory:personActivity': () => ok({ interactions: [], tasks: [], more: false }),
    });
    const { unmount } = render(PersonActivity, { personId: 1 });
    await Promise.resolve();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    unmount();
    installFakeRingside({});
    render(PersonActivity, { personId: 2 });
    expect(await screen.findByText(/Interactions and tasks could not be read/)).toBeInTheDocument();
  });
});
