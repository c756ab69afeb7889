import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type {
  CallsDialArgs,
  CommandArgs,
  DirectoryNumber,
  DirectorySaveResult,
  DirectorySearchResult,
  PersonCard,
  SyncStatus,
} from '../../src-main/shared/contract';
import DirectoryView from '../../src-renderer/views/DirectoryView.svelte';
import { installFakeRingside, ok } from './fakeRingside';

const HOSTILE = '<img src=x onerror=alert(1)>';

const number = (display: string, label = 'mobile'): DirectoryNumber => ({
  raw: display,
  label,
  display,
  dial: display.replace(/\s/g, ''),
});

function searchResult(query: string): DirectorySearchResult {
  const empty = { items: [], more: false };
  if (!/nov|<img/i.test(query))
    return { query, persons: empty, companies: empty, users: empty, extensions: empty };
  return {
    query,
    persons: {
      items: [
        {
          kind: 'person',
          id: 7,
          name: 'Jana Nováková',
          companies: [{ id: 3, name: 'Nováková Trading', role: 'owner' }],
          numbers: [number('+420 777 123 456'), number('+420 224 812 345', 'work')],
          emails: ['jana@example.cz'],
        },
        {
          kind: 'person',
          id: 8,
          name: HOSTILE,
          companies: [],
          numbers: [number('+420 602 000 111')],
          emails: [],
        },
      ],
      more: true,
    },
    companies: {
      items: [
        {
          kind: 'company',
          id: 3,
          name: 'Nováková Trading',
          personCount: 4,
          numbers: [number('+420 224 000 000', 'phone')],
        },
      ],
      more: false,
    },
    users: {
      items: [
        {
          kind: 'user',
          id: 2,
          name: 'Petr Novák',
          username: 'pnovak',
          email: null,
          active: true,
          numbers: [number('201', 'extension')],
        },
      ],
      more: false,
    },
    extensions: {
      items: [
        { kind: 'extension', id: 9, name: 'Nová linka', type: 'queue', numbers: [number('600', 'queue')] },
      ],
      more: false,
    },
  };
}

const janaCard: PersonCard = {
  id: 7,
  groupId: 1,
  name: 'Jana Nováková',
  firstname: 'Jana',
  lastname: 'Nováková',
  note: 'Volat až po 15. hodině.',
  externalId: 'CRM-000007',
  data: { segment: 'premium', customer_since: 2019 },
  contacts: [
    { id: 70, type: 1, contact: '777 123 456', label: 'mobile', number: number('+420 777 123 456') },
    { id: 71, type: 2, contact: 'jana@example.cz', label: 'private', number: null },
    // A Slovak number written the national way: no country it can be read in here.
    { id: 72, type: 1, contact: '0914/073 593', label: 'work', number: null },
  ],
  companies: [{ id: 3, name: 'Nováková Trading', role: 'owner' }],
  fetchedAt: Date.UTC(2026, 2, 10, 9, 0),
};

const idleSync: SyncStatus = {
  running: false,
  phase: 'persons:details',
  done: 2000,
  total: 2000,
  rate: 500,
  lastCompletedAt: Date.now() - 5 * 60_000,
  nextRunAt: Date.now() + 10 * 60_000,
  counts: { persons: 2000, companies: 120, users: 40, extensions: 80, numbers: 5000 },
};

interface Setup {
  sync?: SyncStatus;
  save?: (args: CommandArgs<'directory:createPerson'>) => DirectorySaveResult;
}

function setup({ sync = idleSync, save }: Setup = {}) {
  const dialled: CallsDialArgs[] = [];
  const searched: string[] = [];
  const created: CommandArgs<'directory:createPerson'>[] = [];
  const commands: string[] = [];
  const fake = installFakeRingside({
    'sync:status': () => ok(sync),
    'sync:run': () => (commands.push('sync:run'), ok({ ...sync, running: true })),
    'sync:cancel': () => (commands.push('sync:cancel'), ok(sync)),
    'directory:search': ({ query }) => (searched.push(query), ok(searchResult(query))),
    'directory:person': () => ok(janaCard),
    'directory:company': ({ id }) =>
      ok({
        id,
        groupId: 1,
        name: 'Nováková Trading',
        externalId: null,
        data: {},
        numbers: [],
        persons: [{ id: 7, name: 'Jana Nováková', role: 'owner' }],
      }),
    'directory:createPerson': (args) => {
      created.push(args);
      return ok(
        save
          ? save(args)
          : { saved: true, person: { ...janaCard, id: 99, name: `${args.firstname} ${args.lastname}` } },
      );
    },
    'calls:dial': (args) => {
      dialled.push(args);
      return ok({ dialled: args.number, number: { display: args.number }, message: 'Call placed.' });
    },
  });
  render(DirectoryView);
  const input = screen.getByLabelText('Search the directory') as HTMLInputElement;
  return { fake, input, dialled, searched, created, commands };
}

const rowNamed = (name: string) =>
  within(screen.getByRole('region', { name: 'Search results' })).getByRole('button', {
    name: new RegExp(`^${name}`),
  });

async function typeQuery(input: HTMLInputElement, query: string) {
  await fireEvent.input(input, { target: { value: query } });
  await screen.findByRole('heading', { name: /Persons/ });
}

describe('the Directory screen', () => {
  it('groups the results with their counts, in order, each number with a dial button', async () => {
    const { input, searched } = setup();
    expect(input).toHaveFocus();
    await typeQuery(input, 'nov');
    const headings = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent?.replace(/\s+/g, ' ').trim());
    expect(headings).toEqual(['Persons 2+', 'Companies 1', 'Colleagues 1', 'Extensions 1']);
    const persons = screen.getByRole('region', { name: /Persons/ });
    expect(
      within(persons).getByRole('button', { name: 'Dial Jana Nováková +420 224 812 345' }),
    ).toBeEnabled();
    expect(persons).toHaveTextContent('Nováková Trading · jana@example.cz');
    expect(searched).toEqual(['nov']);
  });

  it('searches once typing pauses, and keeps what was typed', async () => {
    const { input, searched } = setup();
    for (const text of ['n', 'no', 'nov']) await fireEvent.input(input, { target: { value: text } });
    expect(input).toHaveValue('nov');
    await screen.findByRole('heading', { name: /Persons/ });
    expect(searched).toEqual(['nov']);
  });

  it('walks the results with the arrow keys across groups; Enter dials, Space and → open the card, Esc clears', async () => {
    const { input, dialled } = setup();
    await typeQuery(input, 'nov');

    await fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(rowNamed('Jana Nováková')).toHaveFocus();
    await fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(rowNamed(escape(HOSTILE))).toHaveFocus();
    await fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(rowNamed('Nováková Trading')).toHaveFocus();
    await fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(rowNamed('Petr Novák')).toHaveFocus();

    await fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    await waitFor(() => expect(dialled).toEqual([{ number: '201', source: 'directory' }]));

    await fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Nováková Trading' })).toBeVisible();

    await fireEvent.keyDown(rowNamed('Jana Nováková'), { key: ' ' });
    const card = await screen.findByRole('article', { name: 'Jana Nováková' });
    expect(card).toHaveTextContent('Volat až po 15. hodině.');
    expect(card).toHaveTextContent('CRM-000007');
    expect(card).toHaveTextContent('customer_since 2019');
    expect(within(card).getByRole('button', { name: 'Dial +420 777 123 456' })).toBeEnabled();

    await fireEvent.keyDown(rowNamed('Jana Nováková'), { key: 'ArrowUp' });
    expect(input).toHaveFocus();
    await fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveValue('');
    expect(screen.queryByRole('heading', { name: /Persons/ })).toBeNull();
  });

  it('Enter in the search field dials the first result', async () => {
    const { input, dialled } = setup();
    await typeQuery(input, 'nov');
    expect(screen.getByText(/Enter dials Jana Nováková/)).toBeVisible();
    await fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(dialled).toEqual([{ number: '+420777123456', source: 'directory' }]));
  });

  it('a dial from a person’s card names the person in the call’s data', async () => {
    const { input, dialled } = setup();
    await typeQuery(input, 'nov');
    await fireEvent.keyDown(input, { key: 'ArrowDown' });
    await fireEvent.keyDown(document.activeElement!, { key: ' ' });
    const card = await screen.findByRole('complementary', { name: 'Details' });
    await fireEvent.click(await within(card).findByRole('button', { name: 'Dial +420 777 123 456' }));
    await waitFor(() =>
      expect(dialled).toEqual([
        {
          number: '+420777123456',
          source: 'directory',
          data: { person_id: 7, external_id: 'CRM-000007' },
        },
      ]),
    );
  });

  it('says why a phone number shows as stored, with no Dial: no country it can be read in', async () => {
    const { input } = setup();
    await typeQuery(input, 'nov');
    await fireEvent.keyDown(input, { key: 'ArrowDown' });
    await fireEvent.keyDown(document.activeElement!, { key: ' ' });
    const card = await screen.findByRole('complementary', { name: 'Details' });
    const line = (await within(card).findByText(/0914/)).closest('li')!;
    expect(line).toHaveTextContent(/No country code.*add the country code in the CRM/);
    expect(within(line).queryByRole('button')).toBeNull();
    // An e-mail is no phone number: nothing to explain.
    expect(within(card).getByText('jana@example.cz').closest('li')).not.toHaveTextContent(/country code/);
  });

  it('shows hostile names as text', async () => {
    const { input } = setup();
    await typeQuery(input, '<img');
    expect(screen.getByText(HOSTILE)).toBeVisible();
    expect(document.querySelector('img')).toBeNull();
  });

  it('offers a typed number as a new contact, and shows field errors next to their fields', async () => {
    const { input, created } = setup({
      save: () => ({
        saved: false,
        errors: [
          { field: 'firstname', message: 'Enter a first name, a last name or a display name.' },
          { field: 'contacts.0.contact', message: '"777 12x" is not a phone number.' },
        ],
      }),
    });
    await fireEvent.input(input, { target: { value: '777 12x' } });
    await fireEvent.input(input, { target: { value: '777 123' } });
    await screen.findByText('Nothing matches “777 123”');
    await fireEvent.click(screen.getByRole('button', { name: 'Create contact with 777 123' }));

    const form = screen.getByRole('form', { name: 'New contact' });
    const phone = within(form).getByLabelText('Phone');
    expect(phone).toHaveValue('777 123');
    await fireEvent.click(within(form).getByRole('button', { name: 'Create contact' }));
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription('"777 12x" is not a phone number.');
    expect(within(form).getByLabelText('First name')).toHaveAccessibleDescription(
      'Enter a first name, a last name or a display name.',
    );
    expect(created).toEqual([
      {
        firstname: '',
        lastname: '',
        displayname: '',
        contacts: [{ type: 1, contact: '777 123', label: '' }],
      },
    ]);
  });

  it('creates a contact with several contacts and shows its card', async () => {
    const { created } = setup();
    await fireEvent.click(screen.getByRole('button', { name: 'Create contact' }));
    const form = screen.getByRole('form', { name: 'New contact' });
    await fireEvent.input(within(form).getByLabelText('First name'), { target: { value: 'Eva' } });
    await fireEvent.input(within(form).getByLabelText('Last name'), { target: { value: 'Malá' } });
    await fireEvent.input(within(form).getByLabelText('Phone'), { target: { value: '603 111 222' } });
    await fireEvent.click(within(form).getByRole('button', { name: 'Add e-mail' }));
    const email = within(form).getByLabelText('E-mail');
    expect(email).toHaveFocus();
    await fireEvent.input(email, { target: { value: 'eva@example.cz' } });
    await fireEvent.click(within(form).getByRole('button', { name: 'Add web address' }));
    await fireEvent.click(within(form).getByRole('button', { name: 'Remove contact 3' }));
    await fireEvent.click(within(form).getByRole('button', { name: 'Create contact' }));

    await waitFor(() =>
      expect(created).toEqual([
        {
          firstname: 'Eva',
          lastname: 'Malá',
          displayname: '',
          contacts: [
            { type: 1, contact: '603 111 222', label: '' },
            { type: 2, contact: 'eva@example.cz', label: '' },
          ],
        },
      ]),
    );
    expect(await screen.findByRole('article', { name: 'Eva Malá' })).toBeVisible();
  });

  it('says there is no PBX yet', async () => {
    setup({ sync: { ...idleSync, counts: null, lastCompletedAt: null } });
    expect(await screen.findByText('No PBX yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Set up a PBX in Settings' })).toHaveAttribute(
      'href',
      '#/settings',
    );
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
  });

  it('shows the sync’s progress and counts, with Sync now and Cancel', async () => {
    const { fake, commands } = setup();
    const sync = await screen.findByTestId('sync-progress');
    expect(sync).toHaveTextContent('Synced 5 minutes ago');
    expect(sync).toHaveTextContent('2,000 persons · 120 companies · 40 colleagues · 80 extensions');
    await fireEvent.click(within(sync).getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(commands).toEqual(['sync:run']));

    fake.emit('sync:progress', {
      ...idleSync,
      running: true,
      phase: 'persons:details',
      done: 1200,
      total: 2000,
      rate: 310.4,
    });
    await waitFor(() => expect(sync).toHaveTextContent('Fetching persons… 1,200 / 2,000 · 310/s'));
    const bar = within(sync).getByRole('progressbar', { name: 'Directory sync' });
    expect(bar).toHaveAttribute('value', '1200');
    await fireEvent.click(within(sync).getByRole('button', { name: 'Cancel sync' }));
    await waitFor(() => expect(commands).toEqual(['sync:run', 'sync:cancel']));

    fake.emit('sync:progress', { ...idleSync, error: 'The directory sync failed: The PBX did not answer.' });
    await waitFor(() => expect(sync).toHaveTextContent('The directory sync failed: The PBX did not answer.'));
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
