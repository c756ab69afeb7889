/**
 * The browser host's dial confirmations: every open tab shows the in-page dialog for a `dial:requested`,
 * and the first answer wins. A dial from any tab reaches main, which announces `dial:settled` to every
 * tab; a cancel stays in the browser (main keeps no state for it), so it is told to this browser's other
 * tabs over a BroadcastChannel. A `?dial=` link this page read itself is confirmed in this tab only.
 */
import type { DialRequest } from '../../../src-main/shared/contract';
import type { ErrorDescription } from '../errors';
import { subscribe } from '../ringside';

export interface ShownConfirmation {
  request: DialRequest;
  /** Whether main announced it (and holds it): the dial then names it. */
  named: boolean;
}

/** What the dialog shows: a request to confirm, or why a link was not dialled. */
export type DialPrompt = ShownConfirmation | { refused: ErrorDescription | string };

const TABS_CHANNEL = 'ringside-dial-confirmations';

export class DialConfirmations {
  shown = $state<DialPrompt | null>(null);
  #tabs: BroadcastChannel | null = null;

  /** Starts following; returns the function that stops. */
  start(): () => void {
    this.#tabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel(TABS_CHANNEL) : null;
    this.#tabs?.addEventListener('message', (event: MessageEvent<unknown>) => {
      const data = event.data as { answered?: unknown } | null;
      if (typeof data?.answered === 'string') this.#close(data.answered);
    });
    const stops = [
      subscribe('dial:requested', (request) => (this.shown = { request, named: true })),
      subscribe('dial:settled', ({ requestId }) => this.#close(requestId)),
    ];
    return () => {
      stops.forEach((stop) => stop());
      this.#tabs?.close();
      this.#tabs = null;
    };
  }

  /** A link this page read itself (not announced by main). */
  showLink(request: DialRequest): void {
    this.shown = { request, named: false };
  }

  refuse(reason: ErrorDescription | string): void {
    this.shown = { refused: reason };
  }

  /** The agent answered here: the dialog goes, in the other tabs too. */
  answered(): void {
    const shown = this.shown;
    this.shown = null;
    if (shown && 'request' in shown && shown.named) {
      this.#tabs?.postMessage({ answered: shown.request.requestId });
    }
  }

  #close(requestId: string): void {
    if (this.shown && 'request' in this.shown && this.shown.request.requestId === requestId) {
      this.shown = null;
    }
  }
}
