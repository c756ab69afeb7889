/**
 * The Directory screen's state: what was typed and the results of the latest search (asked 60 ms after the
 * last keystroke; an answer to an older query is dropped), the card or form beside them, and the directory
 * sync's status (`sync:progress`). One instance lives in App.svelte, so the query and the open card survive
 * a visit to another screen, and the pop card's "Create contact" can open the form (`createContact`).
 */
import { createContext, untrack } from 'svelte';
import type {
  CompanyCard,
  DirectoryEntry,
  DirectorySearchResult,
  PersonCard,
  SyncStatus,
} from '../../../src-main/shared/contract';
import { entriesOf } from '../directoryText';
import { describeError, type ErrorDescription } from '../errors';
import { invoke, subscribe } from '../ringside';
import { Followed } from './followed.svelte';

export const SEARCH_DELAY_MS = 60;
/** Entries per group: enough to pick from; the group says when more match. */
const GROUP_LIMIT = 10;

/** What the panel beside the results shows. */
export type DirectoryDetail =
  | { kind: 'person'; id: number; card: PersonCard | null; error: ErrorDescription | null }
  | { kind: 'company'; id: number; card: CompanyCard | null; error: ErrorDescription | null }
  /** A colleague or an extension: the search result says all the cache knows. */
  | { kind: 'entry'; entry: Extract<DirectoryEntry, { kind: 'user' | 'extension' }> }
  | { kind: 'create'; number: string }
  | { kind: 'edit'; card: PersonCard };

export class DirectoryState {
  query = $state('');
  results = $state<DirectorySearchResult | null>(null);
  searchError = $state<ErrorDescription | null>(null);
  detail = $state<DirectoryDetail | null>(null);
  readonly #sync = new Followed<SyncStatus>(
    { read: () => invoke('sync:status'), follow: (update) => subscribe('sync:progress', update) },
    (status, previous) => {
      // What a finished sync brought may change what the query finds.
      if (previous?.running && !status.running && this.query.trim()) void this.search(this.query);
    },
  );
  /** Why "Sync now" or "Cancel sync" failed (not the sync itself: that is `sync.error`). */
  syncCommandError = $state<ErrorDescription | null>(null);

  /** Every result, group after group, as listed (and walked with the arrow keys). */
  readonly entries: DirectoryEntry[] = $derived(entriesOf(this.results));

  #timer: ReturnType<typeof setTimeout> | undefined;
  #asked = 0;
  readonly #show: () => void;

  /** `show` brings the Directory screen up (App.svelte navigates there). */
  constructor(show: () => void = () => {}) {
    this.#show = show;
  }

  /** Starts following the sync (and searches what was typed before); returns the function that stops. */
  start(): () => void {
    // Called from an effect: what it reads must not make the effect start it again on every keystroke.
    return untrack(() => this.#follow());
  }

  #follow(): () => void {
    const stopSync = this.#sync.start();
    if (this.query.trim()) void this.search(this.query);
    return () => {
      stopSync();
      clearTimeout(this.#timer);
    };
  }

  /** The directory sync's status; null until main has said it. */
  get sync(): SyncStatus | null {
    return this.#sync.value;
  }

  /** Why the sync's status could not be read. */
  get syncReadError(): ErrorDescription | null {
    return this.#sync.error;
  }

  /** Keeps what was typed at once; searches once typing pauses. */
  setQuery(query: string): void {
    this.query = query;
    clearTimeout(this.#timer);
    if (!query.trim()) {
      this.#asked++;
      this.results = null;
      this.searchError = null;
      return;
    }
    this.#timer = setTimeout(() => void this.search(query), SEARCH_DELAY_MS);
  }

  clear(): void {
    this.setQuery('');
  }

  async search(query: string): Promise<void> {
    const asked = ++this.#asked;
    try {
      const results = await invoke('directory:search', { query, limit: GROUP_LIMIT });
      if (asked !== this.#asked) return;
      this.results = results;
      this.searchError = null;
    } catch (error) {
      if (asked === this.#asked) this.searchError = describeError(error);
    }
  }

  /** Shows an entry's card: persons and companies from the cache, the others as the result says. */
  open(entry: DirectoryEntry): void {
    if (entry.kind === 'person') void this.openPerson(entry.id);
    else if (entry.kind === 'company') void this.openCompany(entry.id);
    else this.detail = { kind: 'entry', entry };
  }

  openPerson(id: number): Promise<void> {
    return this.#openCard('person', id, () => invoke('directory:person', { id }));
  }

  openCompany(id: number): Promise<void> {
    return this.#openCard('company', id, () => invoke('directory:company', { id }));
  }

  /** Shows the card at once as loading, then its content (unless another card was opened meanwhile). */
  async #openCard<K extends 'person' | 'company'>(
    kind: K,
    id: number,
    read: () => Promise<Extract<DirectoryDetail, { kind: K }>['card'] & object>,
  ): Promise<void> {
    const loading = { kind, id, card: null, error: null } as Extract<DirectoryDetail, { kind: K }>;
    this.detail = loading;
    const stillShown = () => this.detail?.kind === kind && this.detail.id === id;
    try {
      const card = await read();
      if (stillShown()) this.detail = { ...loading, card };
    } catch (error) {
      if (stillShown()) this.detail = { ...loading, error: describeError(error) };
    }
  }

  /** The "Create contact" form, with this number as its first phone contact (empty: none). */
  createContact(number = ''): void {
    this.detail = { kind: 'create', number };
  }

  /** From another screen (the pop card of an unknown caller): the Directory screen with the form. */
  createContactElsewhere(number: string): void {
    this.createContact(number);
    this.#show();
  }

  editContacts(card: PersonCard): void {
    this.detail = { kind: 'edit', card };
  }

  /** A create or edit was saved: its card shows, and the results follow. */
  saved(card: PersonCard): void {
    this.detail = { kind: 'person', id: card.id, card, error: null };
    if (this.query.trim()) void this.search(this.query);
  }

  closeDetail(): void {
    this.detail = null;
  }

  async runSync(): Promise<void> {
    await this.#syncCommand('sync:run');
  }

  async cancelSync(): Promise<void> {
    await this.#syncCommand('sync:cancel');
  }

  async #syncCommand(command: 'sync:run' | 'sync:cancel'): Promise<void> {
    try {
      this.#sync.update(await invoke(command));
      this.syncCommandError = null;
    } catch (error) {
      this.syncCommandError = describeError(error);
    }
  }
}

export const [getDirectoryState, setDirectoryState, hasDirectoryState] = createContext<DirectoryState>();
