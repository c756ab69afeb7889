/**
 * One call's review: what main has stored (`review:get`), read again on every `review:updated` for this
 * call (record stored, transcription done, gave up), and the Refresh button (`refresh: true`).
 */
import type { CallReview } from '../../../src-main/shared/contract';
import { describeError, type ErrorDescription } from '../errors';
import { t } from '../i18n.svelte';
import { invoke, subscribe } from '../ringside';
import { Action } from './action.svelte';

export class ReviewState {
  review = $state.raw<CallReview | null>(null);
  /** Why the review could not be read at all. */
  error = $state<ErrorDescription | null>(null);
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
  readonly opening = new Action<CallReview>();
  /** Nothing was pasted: said before asking main. */
  missing = $state(false);

  /** Why the text opens no call: nothing pasted, or main's refusal. */
  get problem(): ErrorDescription | string | null {
    return this.missing ? t('history.openByIdMissing') : this.opening.error;
  }

  /** The text changed: the last refusal no longer applies. */
  edited(): void {
    this.missing = false;
    this.opening.reset();
  }

  /** Resolves to the uniqueid to show, or null when there is none (the reason is in `problem`). */
  async open(): Promise<string | null> {
    const text = this.text.trim();
    this.missing = !text;
    if (this.missing) return null;
    const review = await this.opening.run(() => invoke('review:open', { uniqueid: text }));
    if (review) this.text = '';
    return review?.uniqueid ?? null;
  }
}
