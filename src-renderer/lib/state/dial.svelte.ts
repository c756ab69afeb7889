/**
 * The dial pad: the text typed or pasted, the main process's preview of it (the normalised number and whose
 * it is, asked on every change: `dial:resolve` is local and fast), dialling it, and the recent numbers.
 */
import type {
  CallsDialArgs,
  DialPreview,
  DialResult,
  DialSource,
  RecentNumber,
} from '../../../src-main/shared/contract';
import { fieldMessage, type ErrorDescription } from '../errors';
import { invoke } from '../ringside';
import { Action } from './action.svelte';

export class DialPadState {
  raw = $state('');
  preview = $state<DialPreview | null>(null);
  /** The dial on its way; its answer is said in a status line, its failure next to the input. */
  readonly dialling = new Action<DialResult>();
  readonly recent = new Action<RecentNumber[]>();
  /** Answers to older keystrokes that arrive late are dropped. */
  #asked = 0;

  /** The reason to show next to the input: the failed dial's, else why the text is no number yet. */
  get problem(): ErrorDescription | string | null {
    if (this.dialling.error) return this.dialling.error;
    return this.preview && !this.preview.ok && this.preview.reason ? this.preview.reason : null;
  }

  async setRaw(raw: string): Promise<void> {
    this.raw = raw;
    this.dialling.error = null;
    const asked = ++this.#asked;
    try {
      const preview = await invoke('dial:resolve', { raw });
      if (asked === this.#asked) this.preview = preview;
    } catch (error) {
      if (asked === this.#asked) this.preview = { ok: false, reason: fieldMessage(error) };
    }
  }

  /** Dials what is in the input; on success the input is cleared for the next number. */
  async dialInput(): Promise<boolean> {
    const dialled = await this.dial(this.raw, 'dialpad');
    if (dialled) await this.setRaw('');
    return dialled;
  }

  /**
   * The one dial path; a second press while a dial is on its way does nothing. `data` goes with the call
   * (a person's card names the person: shared/personCallData.ts).
   */
  async dial(number: string, source: DialSource, data?: CallsDialArgs['data']): Promise<boolean> {
    const args = data ? { number, source, data } : { number, source };
    const result = await this.dialling.run(() => invoke('calls:dial', args));
    if (result) void this.loadRecent();
    return result !== null;
  }

  async loadRecent(): Promise<void> {
    await this.recent.run(() => invoke('dial:recent'), { keepResult: true });
  }
}
