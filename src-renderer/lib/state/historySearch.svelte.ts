/**
 * The History screen's full-text mode: transcripts, summaries and notes searched in the local cache
 * (`history:search`, FTS5), asked after a pause in typing; answers to older text are dropped.
 */
import type { HistorySearchHit } from '../../../src-main/shared/contract';
import { describeError, type ErrorDescription } from '../errors';
import { invoke } from '../ringside';

const SEARCH_DELAY_MS = 250;
const SEARCH_LIMIT = 50;

export class HistorySearchState {
  query = $state('');
  hits = $state.raw<HistorySearchHit[]>([]);
  /** The text the hits are for (null before the first answer). */
  answered = $state<string | null>(null);
  searching = $state(false);
  error = $state<ErrorDescription | null>(null);
  #asked = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  setQuery(query: string): void {
    this.query = query;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.search(), SEARCH_DELAY_MS);
  }

  async search(): Promise<void> {
    clearTimeout(this.#timer);
    const query = this.query.trim();
    const asked = ++this.#asked;
    if (!query) {
      this.hits = [];
      this.answered = null;
      this.error = null;
      this.searching = false;
      return;
    }
    this.searching = true;
    try {
      const result = await invoke('history:search', { query, limit: SEARCH_LIMIT });
      if (asked !== this.#asked) return;
      this.hits = result.hits;
      this.answered = query;
      this.error = null;
    } catch (error) {
      if (asked === this.#asked) this.error = describeError(error);
    } finally {
      if (asked === this.#asked) this.searching = false;
    }
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#asked++;
  }
}
