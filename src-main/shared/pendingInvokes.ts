/**
 * The invokes a WebSocket client of shared/wsProtocol.ts awaits answers to, by id, each settled once: by
 * its `result` (or an `error` frame naming it), or, when the socket it was sent on closed first, with the
 * failure the client chooses (whether it ran is unknown, so it is never sent again). Shared by the browser
 * tab's client (src-renderer/lib/transport/wsTransport.ts) and the desktop's (src-main/remote/remoteLink.ts).
 */
import type { IpcResult } from './contract';
import type { ErrorFrame, ResultFrame } from './wsProtocol';

export interface PendingInvoke<Socket> {
  /** The invoke frame as sent. */
  readonly text: string;
  /** The socket it was sent on; null while it waits for a connection. */
  sentOn: Socket | null;
  resolve(result: IpcResult<unknown>): void;
}

export class PendingInvokes<Socket> {
  readonly #byId = new Map<number, PendingInvoke<Socket>>();

  add(id: number, pending: PendingInvoke<Socket>): void {
    this.#byId.set(id, pending);
  }

  /** The invokes not sent yet. */
  unsent(): PendingInvoke<Socket>[] {
    return [...this.#byId.values()].filter((pending) => pending.sentOn === null);
  }

  /** Settles the invoke a result or error frame names; one with no id, or an unknown id, settles nothing. */
  settle(frame: ResultFrame | ErrorFrame): void {
    if (frame.id === null) return;
    const pending = this.#byId.get(frame.id);
    if (!pending) return;
    this.#byId.delete(frame.id);
    pending.resolve(frame.type === 'result' ? frame.result : { ok: false, error: frame.error });
  }

  /** The socket closed: its invokes are answered with `failure`. */
  failSentOn(socket: Socket, failure: () => IpcResult<never>): void {
    this.#failWhere((pending) => pending.sentOn === socket, failure);
  }

  /** The client is closed for good: every invoke is answered with `failure`. */
  failAll(failure: () => IpcResult<never>): void {
    this.#failWhere(() => true, failure);
  }

  #failWhere(which: (pending: PendingInvoke<Socket>) => boolean, failure: () => IpcResult<never>): void {
    for (const [id, pending] of this.#byId) {
      if (!which(pending)) continue;
      this.#byId.delete(id);
      pending.resolve(failure());
    }
  }
}
