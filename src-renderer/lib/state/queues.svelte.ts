/**
 * The agent's queues as the screens show them: the membership (read once, then followed through
 * `queues:changed`, and read again when the window gains focus, since a supervisor may pause the agent
 * elsewhere), the changes the agent makes, the board's live figures, and the navigation's count of callers
 * waiting. docs/queues.md describes the behaviour.
 */
import type {
  IpcError,
  QueueBoardView,
  QueueChange,
  QueueChangeOutcome,
  QueueChoice,
  QueueLogEntry,
  QueuesView,
} from '../../../src-main/shared/contract';
import { describeError, type ErrorDescription } from '../errors';
import { t } from '../i18n.svelte';
import { CommandError, invoke, subscribe } from '../ringside';
import type { ScreenBadge } from '../screenBadge';
import { Action } from './action.svelte';
import { Followed } from './followed.svelte';

/** Focus may come in bursts (alt-tab back and forth): at most one read per this many ms. */
const FOCUS_READ_GAP_MS = 2000;
/** While the board is shown it asks main this often, which keeps main's reading of the queues going. */
export const BOARD_HEARTBEAT_MS = 4000;

export function describeIpcError(error: IpcError): ErrorDescription {
  return describeError(new CommandError(error.code, error.message, error.params));
}

/** Reads the membership again when the window (or the browser tab) comes back to the front. */
function onWindowReturn(read: () => void): () => void {
  let last = 0;
  const maybeRead = (): void => {
    if (document.visibilityState === 'hidden') return;
    const now = Date.now();
    if (now - last < FOCUS_READ_GAP_MS) return;
    last = now;
    read();
  };
  window.addEventListener('focus', maybeRead);
  document.addEventListener('visibilitychange', maybeRead);
  return () => {
    window.removeEventListener('focus', maybeRead);
    document.removeEventListener('visibilitychange', maybeRead);
  };
}

export class QueuesState {
  readonly #view = new Followed<QueuesView>({
    read: () => invoke('queues:get'),
    follow: (update) => subscribe('queues:changed', update),
  });
  /** The last change the agent asked for, and its outcome. */
  readonly changing = new Action<QueueChangeOutcome>();
  /** Which change `changing` is about: 'all' or a queue id. */
  changeTarget = $state<number | 'all' | null>(null);
  readonly catalog = new Action<QueueChoice[]>();
  readonly log = new Action<QueueLogEntry[]>();
  readonly away = new Action<QueueChangeOutcome>();

  get view(): QueuesView | null {
    return this.#view.value;
  }

  get loadError(): ErrorDescription | null {
    return this.#view.error;
  }

  start(): () => void {
    return this.#view.start();
  }

  async change(change: QueueChange): Promise<QueueChangeOutcome | null> {
    this.changeTarget = 'queueId' in change ? change.queueId : 'all';
    const outcome = await this.changing.run(() => invoke('queues:change', change));
    if (outcome) this.#view.update(outcome.view);
    if (change.action === 'join' || change.action === 'leave') void this.loadCatalog();
    return outcome;
  }

  async resumeAway(): Promise<void> {
    const outcome = await this.away.run(() => invoke('queues:resumeAway'));
    if (outcome) this.#view.update(outcome.view);
  }

  async dismissAway(): Promise<void> {
    this.#view.update(await invoke('queues:dismissAway'));
  }

  async loadCatalog(): Promise<void> {
    await this.catalog.run(() => invoke('queues:catalog'), { keepResult: true });
  }

  async loadLog(): Promise<void> {
    await this.log.run(() => invoke('queues:log'), { keepResult: true });
  }
}

/** The board's live figures: followed through `queueBoard:changed`, asked for again while shown. */
export class QueueBoardState {
  readonly #board = new Followed<QueueBoardView>({
    read: () => invoke('queueBoard:get'),
    follow: (update) => subscribe('queueBoard:changed', update),
  });

  get board(): QueueBoardView | null {
    return this.#board.value;
  }

  get loadError(): ErrorDescription | null {
    return this.#board.error;
  }

  start(): () => void {
    const stop = this.#board.start();
    const heartbeat = setInterval(() => void this.#board.refresh(), BOARD_HEARTBEAT_MS);
    return () => {
      clearInterval(heartbeat);
      stop();
    };
  }
}

/**
 * The count beside "My queues": callers waiting in the agent's active queues. It lives as long as the
 * window, so it also reads the membership again when the window gains focus, and carries out the clicks on
 * the queue notifications: show the board (`queueBoard:show`) or My queues (`queues:show`).
 */
export class WaitingCallersBadge implements ScreenBadge {
  readonly #view = new Followed<QueuesView>({
    read: () => invoke('queues:get'),
    follow: (update) => subscribe('queues:changed', update),
  });

  get count(): number {
    return this.#view.value?.waiting ?? 0;
  }

  readonly label: string = $derived(t('app.badgeCallersWaiting', { count: this.count }));

  /** Follows the count, reads the membership again when the window returns; returns the function that stops. */
  start(): () => void {
    const stop = this.#view.start();
    const stopFocus = onWindowReturn(() => {
      // A failed read reaches the screens as the view's `problem`, through `queues:changed`.
      invoke('queues:refresh').then(
        (view) => this.#view.update(view),
        () => {},
      );
    });
    const stopShowBoard = subscribe('queueBoard:show', () => {
      window.location.hash = '#/queue-board';
    });
    const stopShowQueues = subscribe('queues:show', () => {
      window.location.hash = '#/queues';
    });
    return () => {
      stopShowBoard();
      stopShowQueues();
      stopFocus();
      stop();
    };
  }
}
