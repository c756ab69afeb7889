/**
 * One call's review: what main has stored (`review:get`), read again on every `review:updated` for this
 * call (record stored, transcription done, gave up), and the Refresh button (`refresh: true`).
 */
import type { CallReview } from '../../../src-main/shared/contract';
import { describeError, invoke, subscribe } from '../ringside';

export class ReviewState {
  review = $state.raw<CallReview | null>(null);
  /** Why the review could not be read at all. */
  error = $state<string | null>(null);
  refreshing = $state(false);
  #asked = 0;

  constructor(readonly uniqueid: string) {}

  /** Reads the review and follows its updates; returns the function that stops. */
  start(): () => void {
    const unsubscribe = subscribe('review:updated', ({ uniqueid }) => {
      if (uniqueid === this.uniqueid) void this.load();
    });
    void this.load();
    return () => {
      unsubscribe();
      this.#asked++;
    };
  }

  async load(refresh = false): Promise<void> {
    const asked = ++this.#asked;
    try {
      const review = await invoke(
        'review:get',
        refresh ? { uniqueid: this.uniqueid, refresh } : { uniqueid: this.uniqueid },
      );
      if (asked !== this.#asked) return;
      this.review = review;
      this.error = null;
    } catch (error) {
      if (asked === this.#asked) this.error = describeError(error);
    }
  }

  /** Fetches the record from the PBX again (also restarts a review that gave up). */
  async refresh(): Promise<void> {
    this.refreshing = true;
    try {
      await this.load(true);
    } finally {
      this.refreshing = false;
    }
  }
}

/** "Open a call by its id": the pasted text checked and fetched by main (`review:open`). */
export class OpenByIdState {
  text = $state('');
  opening = $state(false);
  error = $state<string | null>(null);

  /** Resolves to the uniqueid to show, or null when main refused (the reason is in `error`). */
  async open(): Promise<string | null> {
    if (this.opening) return null;
    const text = this.text.trim();
    if (!text) {
      this.error = 'Paste the id of a call, like 1700000000.42.';
      return null;
    }
    this.opening = true;
    this.error = null;
    try {
      const review = await invoke('review:open', { uniqueid: text });
      this.text = '';
      return review.uniqueid;
    } catch (error) {
      this.error = describeError(error);
      return null;
    } finally {
      this.opening = false;
    }
  }
}
