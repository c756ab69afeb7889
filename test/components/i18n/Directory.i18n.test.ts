/**
 * The Directory, My queues and queue board screens in Czech and Slovak: their own words, plurals with the
 * local forms (1 / 2–4 / 5+), numbers grouped the local way, a language switch while a screen is open, the
 * contact form's Escape (closes, the keyboard goes back to "Create contact") and the polite announcements of
 * a saved contact and of a queue change.
 */
import '@testing-library/jest-dom/vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  CompanyCard,
  DirectorySearchResult,
  PersonCard,
  QueueBoardView,
  QueuesView,
  SettingsView,
  SyncStatus,
} from '../../../src-main/shared/contract';
import { setActiveLocale } from '../../../src-main/shared/i18n';
import { announcements } from '../../../src-renderer/lib/announcer.svelte';
import DirectoryView from '../../../src-renderer/views/DirectoryView.svelte';
import QueueBoardScreen from '../../../src-renderer/views/QueueBoardView.svelte';
import QueuesScreen from '../../../src-renderer/views/QueuesView.svelte';
import { boardRow, myQueue, queuesView } from '../../fixtures/queues';
import { installFakeRingside, ok } from '../fakeRingside';

afterEach(() => setActiveLocale('en'));

/** Synced five minutes ago: 2,000 persons, 3 companies, 1 colleague, 80 extensions (one of each plural form). */
const sync: SyncStatus = {
  ...{ running: false, phase: null, done: 0, total: 0, rate: 0, nextRunAt: null },
  lastCompletedAt: Date.now() - 5 * 60_000,
  counts: { persons: 2000, companies: 3, users: 1, extensions: 80, numbers: 5000 },
};

const phone = (display: string) => ({
  raw: display,
  // As the PBX and the cache label it: the screen words it in the agent's language.
  label: 'mobile',
  display,
  dial: display.replace(/\s/g, ''),
});

/** Four numbers: three on the result, "+1 more on the card". */
const jana = {
  ...{ kind: 'person' as const, id: 7, name: 'Jana Nováková', companies: [], emails: [] },
  numbers: ['+420 777 123 451', '+420 777 123 452', '+420 777 123 453', '+420 777 123 454'].map(phone),
};

function searchResult(query: string): DirectorySearchResult {
  return {
    query,
    persons: { items: [jana], more: false },
    companies: {
      items: [{ kind: 'company', id: 3, name: 'Nováková Trading', personCount: 4, numbers: [] }],
      more: false,
    },
    users: { items: [], more: false },
    extensions: { items: [], more: false },
  };
}

const evaCard = (name: string): PersonCard => ({
  id: 99,
  groupId: 1,
  name,
  firstname: 'Eva',
  lastname: 'Malá',
  note: '',
  externalId: null,
  data: {},
  contacts: [],
  companies: [],
  fetchedAt: Date.UTC(2026, 2, 10, 9, 0),
});

/** Names whose order differs in Czech: Č after C, Ch after H, Š after S; one not synced yet. */
const staff = ['Šimek Ota', 'Chalupa Petr', 'Svoboda Jan', 'Čermák Jan', 'Hora Adam', 'Cibulka Eva']
  .map((name: string | null, index) => ({ id: index + 1, name, role: '' }))
  .concat({ id: 0, name: null, role: '' });

const tradingCard: CompanyCard = {
  ...{ id: 3, groupId: 1, name: 'Nováková Trading', externalId: null },
  ...{ data: {}, numbers: [], persons: staff },
};

function openDirectory(status: SyncStatus = sync) {
  installFakeRingside({
    'sync:status': () => ok(status),
    'directory:search': ({ query }) => ok(searchResult(query)),
    'directory:company': () => ok(tradingCard),
    'directory:createPerson': (args) =>
      ok({ saved: true, person: evaCard(`${args.firstname} ${args.lastname}`) }),
  });
  render(DirectoryView);
}

async function search(label: string, query: string) {
  await fireEvent.input(screen.getByLabelText(label), { target: { value: query } });
  return screen.findByRole('region', { name: /Výsledky/ });
}

describe('the Directory screen in Czech', () => {
  it('words the screen, the sync and the results in Czech, with Czech plurals and numbers', async () => {
    setActiveLocale('cs');
    openDirectory();
    expect(screen.getByRole('heading', { level: 1, name: 'Adresář' })).toBeVisible();
    const progress = await screen.findByTestId('sync-progress');
    expect(progress).toHaveTextContent('Synchronizováno před 5 minutami');
    expect(progress).toHaveTextContent('2 000 osob · 3 firmy · 1 kolega · 80 klapek');
    expect(within(progress).getByRole('button', { name: 'Synchronizovat' })).toBeEnabled();

    const results = await search('Hledat v adresáři', 'nov');
    expect(within(results).getByRole('heading', { name: /Osoby/ })).toBeVisible();
    expect(within(results).getByRole('heading', { name: /Firmy/ })).toBeVisible();
    expect(results).toHaveTextContent('4 osoby');
    expect(results).toHaveTextContent('+1 další na kartě');
    expect(within(results).getAllByText('mobil')).toHaveLength(3);
    expect(within(results).queryByText('mobile')).toBeNull();
    expect(
      within(results).getByRole('button', { name: 'Vytočit Jana Nováková +420 777 123 451' }),
    ).toBeVisible();
    expect(screen.getByText(/Enter vytočí Jana Nováková/)).toBeVisible();
  });

  it('closes the contact form with Escape, gives the keyboard back and announces a saved contact', async () => {
    setActiveLocale('cs');
    openDirectory();
    const create = screen.getByRole('button', { name: 'Vytvořit kontakt' });
    create.focus();
    await fireEvent.click(create);
    const form = await screen.findByRole('form', { name: 'Nový kontakt' });
    await waitFor(() => expect(within(form).getByLabelText('Jméno')).toHaveFocus());
    expect(within(form).getByRole('button', { name: 'Přidat webovou adresu' })).toBeVisible();

    await fireEvent.keyDown(within(form).getByLabelText('Jméno'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    await waitFor(() => expect(create).toHaveFocus());

    await fireEvent.click(create);
    const again = await screen.findByRole('form', { name: 'Nový kontakt' });
    await fireEvent.input(within(again).getByLabelText('Jméno'), { target: { value: 'Eva' } });
    await fireEvent.input(within(again).getByLabelText('Příjmení'), { target: { value: 'Malá' } });
    await fireEvent.click(within(again).getByRole('button', { name: 'Vytvořit kontakt' }));
    await waitFor(() => expect(announcements.polite).toBe('Osoba Eva Malá byla přidána do adresáře.'));
    expect(await screen.findByRole('button', { name: 'Upravit kontakty' })).toBeVisible();
    expect(screen.getByText(/Aktualizováno z ústředny 10\. 3\. 2026/)).toBeVisible();
  });

  it('lists a company’s people in Czech alphabetical order', async () => {
    setActiveLocale('cs');
    openDirectory();
    const results = await search('Hledat v adresáři', 'nov');
    await fireEvent.click(within(results).getByRole('button', { name: /^Nováková Trading/ }));
    const list = within(await screen.findByRole('region', { name: 'Lidé' })).getByRole('list');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent?.trim()),
      ).toEqual([
        'Cibulka Eva',
        'Čermák Jan',
        'Hora Adam',
        'Chalupa Petr',
        'Svoboda Jan',
        'Šimek Ota',
        'Osoba 0 (zatím nesynchronizována)',
      ]),
    );
  });

  it('follows a language switch while the screen is open', async () => {
    openDirectory();
    expect(screen.getByRole('heading', { level: 1, name: 'Directory' })).toBeVisible();
    setActiveLocale('cs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Adresář' })).toBeVisible();
    expect(screen.getByLabelText('Hledat v adresáři')).toHaveAttribute(
      'placeholder',
      'Jméno, firma, e-mail nebo číslo',
    );
  });
});

describe('the Directory screen in Slovak', () => {
  it('words the sync, its progress and the results in Slovak', async () => {
    setActiveLocale('sk');
    openDirectory({ ...sync, running: true, phase: 'persons:details', done: 1200, total: 2000, rate: 310.4 });
    expect(screen.getByRole('heading', { level: 1, name: 'Adresár' })).toBeVisible();
    const progress = await screen.findByTestId('sync-progress');
    expect(progress).toHaveTextContent('Sťahovanie osôb… 1 200 / 2 000 · 310/s');
    expect(within(progress).getByRole('progressbar', { name: 'Synchronizácia adresára' })).toBeVisible();
    expect(within(progress).getByRole('button', { name: 'Zrušiť synchronizáciu' })).toBeVisible();

    const results = await search('Hľadať v adresári', 'nov');
    expect(results).toHaveTextContent('4 osoby');
    expect(results).toHaveTextContent('+1 ďalší na karte');
    expect(within(results).getByRole('heading', { name: /Osoby/ })).toBeVisible();
  });

  it('says 5 and more in the Slovak form', async () => {
    setActiveLocale('sk');
    openDirectory({ ...sync, counts: { persons: 5, companies: 2, users: 7, extensions: 1, numbers: 0 } });
    const progress = await screen.findByTestId('sync-progress');
    expect(progress).toHaveTextContent('5 osôb · 2 firmy · 7 kolegov · 1 klapka');
    expect(progress).toHaveTextContent('Synchronizované pred 5 minútami');
  });
});

const settingsView = { settings: { queueJoinLeave: false } } as unknown as SettingsView;

function openQueues(view: QueuesView) {
  installFakeRingside({
    'queues:get': () => ok(view),
    'queues:change': () => ok({ ok: true, unchanged: false, failures: [], agentError: null, view }),
    'settings:get': () => ok(settingsView),
  });
  render(QueuesScreen);
}

const away = (count: number) => ({
  reason: 'lock' as const,
  at: Date.UTC(2026, 2, 10, 9, 0),
  queueIds: Array.from({ length: count }, (_, index) => index + 1),
});

describe('My queues in Czech and Slovak', () => {
  it('words the queues, their states and the away offer in Czech, and announces a change', async () => {
    setActiveLocale('cs');
    openQueues(queuesView({ awayPause: away(3) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Moje fronty' })).toBeVisible();
    const row = await screen.findByRole('row', { name: 'Support (601)' });
    expect(row).toHaveTextContent('Příchozí');
    expect(row).toHaveTextContent('Aktivní');
    expect(screen.getByRole('row', { name: 'E-mail support (630)' })).toHaveTextContent('Pozastaveno');
    expect(screen.getByRole('button', { name: 'Zrušit pauzu: E-mail support (630)' })).toBeVisible();
    const region = screen.getByRole('region', { name: 'Fronty pozastavené během vaší nepřítomnosti' });
    expect(region).toHaveTextContent('Ringside pozastavil 3 fronty, když se obrazovka zamkla.');
    expect(region).toHaveTextContent(/10\. 3\. 2026/);
    expect(screen.getByRole('heading', { name: 'Nastavení front' })).toBeVisible();

    await fireEvent.click(screen.getByRole('button', { name: 'Pozastavit Support (601)' }));
    await waitFor(() => expect(announcements.polite).toBe('Fronta Support (601) je pozastavena.'));
  });

  it('words the queues and the away offer in Slovak, 5 queues in the Slovak plural', async () => {
    setActiveLocale('sk');
    openQueues(queuesView({ awayPause: away(5), queues: [myQueue({ type: 'outbound' })] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Moje fronty' })).toBeVisible();
    const row = await screen.findByRole('row', { name: 'Support (601)' });
    expect(row).toHaveTextContent('Odchádzajúci');
    expect(row).toHaveTextContent('Aktívny');
    const region = screen.getByRole('region', { name: 'Fronty pozastavené počas vašej neprítomnosti' });
    expect(region).toHaveTextContent('Ringside pozastavil 5 frontov, keď sa obrazovka zamkla.');
    expect(within(region).getByRole('button', { name: 'Zrušiť pauzu týchto frontov' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pozastaviť všetko' })).toBeVisible();
  });

  it('shows the queue board in Slovak, with figures grouped the Slovak way', async () => {
    setActiveLocale('sk');
    const board: QueueBoardView = {
      rows: [boardRow({ paused: true, callersWaiting: 1500, workingTime: false })],
      readAt: Date.now(),
      problem: null,
    };
    installFakeRingside({ 'queueBoard:get': () => ok(board) });
    render(QueueBoardScreen);
    expect(await screen.findByRole('heading', { level: 1, name: 'Prehľad frontov' })).toBeVisible();
    const card = await screen.findByRole('article', { name: 'Support (601)' });
    expect(card).toHaveTextContent(/Čakajúci volajúci\s*1 500/);
    expect(card).toHaveTextContent(/Najdlhšie aktuálne čakanie\s*1:35/);
    expect(card).toHaveTextContent('Mimo pracovného času');
    expect(card).toHaveTextContent('Pozastavený');
    // The API's counters translated literally, the API's own names beside them.
    expect(card).toHaveTextContent(/Prijaté\s*answered\s*41/);
    expect(card).toHaveTextContent(/Opustené\s*abandoned\s*4/);
    expect(card).toHaveTextContent(/Úroveň služieb, deň\s*sl\.day\s*35 · 45/);
  });
});
