/**
 * The dial pad: the text typed or pasted, the main process's preview of it (the normalised number and whose
 * it is, asked on every change: `dial:resolve` is local and fast), dialling it, and the recent numbers.
 */
import type { DialPreview, DialResult, DialSource, RecentNumber } from '../../../src-main/shared/contract';
import { describeError, invoke } from '../ringside';

export class DialPadState {
  raw = $state('');
  preview = $state<DialPreview | null>(null);
  dialling = $state(false);
  /** Why the last dial failed, said next to the input. */
  error = $state<string | null>(null);
  /** The last successful dial, said in a status line. */
  result = $state<DialResult | null>(null);
  recent = $state<RecentNumber[]>([]);
  recentError = $state<string | null>(null);
  /** Answers to older keystrokes that arrive late are dropped. */
  #asked = 0;

  /** The reason to show next to the input: the failed dial's, else why the text is no number yet. */
  get problem(): string | null {
    if (this.error) return this.error;
    return this.preview && !this.preview.ok && this.preview.reason ? this.preview.reason : null;
  }

  async setRaw(raw: string): Promise<void> {
    this.raw = raw;
    this.error = null;
    const asked = ++this.#asked;
    try {
      const preview = await invoke('dial:resolve', { raw });
      if (asked === this.#asked) this.preview = preview;
    } catch (error) {
      if (asked === this.#asked) this.preview = { ok: false, reason: describeError(error) };
    }
  }

  /** Dials what is in the input; on success the input is cleared for the next number. */
  async dialInput(): Promise<boolean> {
    const dialled = await this.dial(this.raw, 'dialpad');
    if (dialled) await this.setRaw('');
    return dialled;
  }

  /** The one dial path; a second press while a dial is on its way does nothing. */
  async dial(number: string, source: DialSource): Promise<boolean> {
    if (this.dialling) return false;
    this.dialling = true;
    this.error = null;
    this.result = null;
    try {
      this.result = await invoke('calls:dial', { number, source });
      void this.loadRecent();
      return true;
    } catch (error) {
      this.error = describeError(error);
      return false;
    } finally {
      this.dialling = false;
    }
  }

  async loadRecent(): Promise<void> {
    try {
      this.recent = await invoke('dial:recent');
      this.recentError = null;
    } catch (error) {
      this.recentError = describeError(error);
    }
  }
}
