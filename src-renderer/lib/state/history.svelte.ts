/**
 * The History screen's list: the filters, the loaded pages (keyset pagination: `nextCursor` → `before`),
 * kept fresh through `history:changed`, and the missed calls marked seen once the missed list shows them.
 * Items are held as raw arrays: ten thousand calls must not become ten thousand deep proxies. One instance
 * lives in App.svelte (shared through context), so the list, its filters and the row the agent was on
 * survive visits to other screens and show at once on return (then refresh).
 */
import { createContext } from 'svelte';
import type {
  CallsDialArgs,
  DialResult,
  HistoryFilter,
  HistoryItem,
  HistoryListArgs,
} from '../../../src-main/shared/contract';
import { HISTORY_PAGE_MAX } from '../../../src-main/shared/limits';
import { describeError, type ErrorDescription } from '../errors';
import { dayEnd, dayStart } from '../historyText';
import { t } from '../i18n.svelte';
import { invoke, subscribe } from '../ringside';
import type { ScreenBadge } from '../screenBadge';
import { Action } from './action.svelte';
import { Followed } from './followed.svelte';

const FIRST_PAGE = 50;
const NEXT_PAGE = 100;
const QUERY_DELAY_MS = 200;
const REFRESH_DELAY_MS = 100;

export class HistoryListState {
  filter = $state<HistoryFilter>('all');
  /** Date inputs' `YYYY-MM-DD`; empty for no bound. */
  fromDay = $state('');
  toDay = $state('');
  query = $state('');
  items = $state.raw<HistoryItem[]>([]);
  nextCursor = $state<string | null>(null);
  /** The first page of the current filters has arrived. */
  loaded = $state(false);
  /** Goes up each time a new first page replaces the list (not on refreshes): the view starts at the top. */
  version = $state(0);
  /** The row the keyboard is on (kept for the return from a review or another screen). */
  activeIndex = $state(0);
  loadingMore = $state(false);
  error = $state<ErrorDescription | null>(null);
  /** Missed calls not seen yet (the badge's count, for the Missed filter). */
  missedUnseen = $state(0);

  /** Why the dates cannot be used, said next to them. */
  readonly rangeProblem: string | null = $derived.by(() => {
    const from = dayStart(this.fromDay);
    const to = dayStart(this.toDay);
    return from !== null && to !== null && from > to ? t('history.rangeProblem') : null;
  });

  /** Answers to an older filter are dropped. */
  #generation = 0;
  #queryTimer: ReturnType<typeof setTimeout> | undefined;
  #refreshTimer: ReturnType<typeof setTimeout> | undefined;

  /** Loads the first page (or refreshes what is loaded) and follows changes; returns the function that stops. */
  start(): () => void {
    const unsubscribe = subscribe('history:changed', ({ missedUnseen, reset }) => {
      this.missedUnseen = missedUnseen;
      // Another PBX's history: a refresh would keep the old PBX's older pages below the new top.
      if (reset) void this.reload();
      else this.#scheduleRefresh();
    });
    void (this.loaded ? this.refresh() : this.reload());
    return () => {
      unsubscribe();
      clearTimeout(this.#queryTimer);
      clearTimeout(this.#refreshTimer);
      this.#generation++;
    };
  }

  setFilter(filter: HistoryFilter): void {
    if (filter === this.filter) return;
    this.filter = filter;
    void this.reload();
  }

  setRange(fromDay: string, toDay: string): void {
    this.fromDay = fromDay;
    this.toDay = toDay;
    if (!this.rangeProblem) void this.reload();
  }

  /** Typing waits for a pause before asking. */
  setQuery(query: string): void {
    this.query = query;
    clearTimeout(this.#queryTimer);
    this.#queryTimer = setTimeout(() => void this.reload(), QUERY_DELAY_MS);
  }

  /** The first page of the current filters, from the top. */
  async reload(): Promise<void> {
    const generation = ++this.#generation;
    try {
      const page = await invoke('history:list', { ...this.#args(), limit: FIRST_PAGE });
      if (generation !== this.#generation) return;
      this.items = page.items;
      this.nextCursor = page.nextCursor;
      this.missedUnseen = page.missedUnseen;
      this.error = null;
      this.loaded = true;
      this.version++;
      this.activeIndex = 0;
      this.#markShownMissedSeen(page.items);
    } catch (error) {
      if (generation === this.#generation) {
        this.error = describeError(error);
        this.loaded = true;
      }
    }
  }

  /** The next page, when there is one and none is on its way. */
  async loadMore(): Promise<void> {
    if (!this.nextCursor || this.loadingMore || !this.loaded) return;
    const generation = this.#generation;
    this.loadingMore = true;
    try {
      const page = await invoke('history:list', {
        ...this.#args(),
        limit: NEXT_PAGE,
        before: this.nextCursor,
      });
      if (generation !== this.#generation) return;
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a local lookup, not state.
      const known = new Set(this.items.map((item) => item.uniqueid));
      this.items = [...this.items, ...page.items.filter((item) => !known.has(item.uniqueid))];
      this.nextCursor = page.nextCursor;
      this.#markShownMissedSeen(page.items);
    } catch (error) {
      if (generation === this.#generation) this.error = describeError(error);
    } finally {
      this.loadingMore = false;
    }
  }

  /**
   * Re-reads what is loaded after a change: new calls appear on top, changed ones in place. Beyond one
   * page's worth, the fresh top replaces the old top and the older pages stay as they were.
   */
  async refresh(): Promise<void> {
    const generation = this.#generation;
    const loaded = this.items;
    try {
      const page = await invoke('history:list', {
        ...this.#args(),
        limit: Math.min(HISTORY_PAGE_MAX, Math.max(FIRST_PAGE, loaded.length)),
      });
      if (generation !== this.#generation) return;
      const last = page.items.at(-1);
      const overlap = last ? loaded.findIndex((item) => item.uniqueid === last.uniqueid) : -1;
      if (loaded.length <= HISTORY_PAGE_MAX || !page.nextCursor || overlap < 0) {
        this.items = page.items;
        this.nextCursor = page.nextCursor;
      } else {
        this.items = [...page.items, ...loaded.slice(overlap + 1)];
      }
      this.error = null;
      this.#markShownMissedSeen(page.items);
    } catch (error) {
      if (generation === this.#generation) this.error = describeError(error);
    }
  }

  #scheduleRefresh(): void {
    if (!this.loaded) return;
    clearTimeout(this.#refreshTimer);
    this.#refreshTimer = setTimeout(() => void this.refresh(), REFRESH_DELAY_MS);
  }

  #args(): HistoryListArgs {
    const args: HistoryListArgs = { filter: this.filter };
    const from = dayStart(this.fromDay);
    const to = dayEnd(this.toDay);
    if (from !== null && !this.rangeProblem) args.from = from;
    if (to !== null && !this.rangeProblem) args.to = to;
    const query = this.query.trim();
    if (query) args.query = query;
    return args;
  }

  /** The missed list on screen counts as seen: the badge goes down. */
  #markShownMissedSeen(items: readonly HistoryItem[]): void {
    if (this.filter !== 'missed') return;
    const unseen = items.filter((item) => !item.seen).map((item) => item.uniqueid);
    if (unseen.length === 0) return;
    invoke('history:markSeen', { uniqueids: unseen.slice(0, HISTORY_PAGE_MAX) }).catch(() => {
      // The badge stays as it was; the next view of the list tries again.
    });
  }
}

const [getHistoryList, setHistoryList, hasHistoryList] = createContext<HistoryListState>();
export { getHistoryList, hasHistoryList, setHistoryList };

/** The missed-calls badge on the History entry of the navigation. */
export class MissedCallsBadge implements ScreenBadge {
  // Without an answer (no cache yet) the badge stays hidden: the History screen says why.
  readonly #missed = new Followed<number>({
    read: async () => (await invoke('history:list', { filter: 'missed', limit: 1 })).missedUnseen,
    follow: (update) => subscribe('history:changed', ({ missedUnseen }) => update(missedUnseen)),
  });

  get count(): number {
    return this.#missed.value ?? 0;
  }

  readonly label: string = $derived(t('app.badgeMissedUnseen', { count: this.count }));

  /** Asks once, then follows `history:changed`; returns the function that stops. */
  start(): () => void {
    return this.#missed.start();
  }
}

/** "Call back" from the history or a review: the one dial path, with `source: 'history'`. */
export class RedialState {
  /** The call back on its way: its answer or failure is said in a status line. */
  readonly calling = new Action<DialResult>();
  /** Whom the last call back was for. */
  who = $state('');

  /** `data` names the person the call was with, when it was one (shared/personCallData.ts). */
  async redial(number: string, who: string, data?: CallsDialArgs['data']): Promise<void> {
    if (this.calling.running) return;
    this.who = who;
    const args = data ? { number, source: 'history' as const, data } : { number, source: 'history' as const };
    await this.calling.run(() => invoke('calls:dial', args));
  }
}
