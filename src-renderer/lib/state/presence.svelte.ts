/**
 * Colleagues' presence (docs/team-server.md, "Colleagues' presence"): on a team server, which signed-in
 * colleagues are free, ringing or on a call, for the Directory and the Dial screen. It subscribes to
 * `presence:changed` first and asks `presence:list` second; the changes that came before the list answered
 * are applied over it in order (they are at most as new as the list), and each later change is merged in.
 * Where presence is not available (the desktop app, the browser host) nothing is known and nothing shown.
 */
import { SvelteMap } from 'svelte/reactivity';
import type { ColleaguePresence, PresenceChange } from '../../../src-main/shared/contract';
import { invoke, subscribe } from '../ringside';

export class PresenceState {
  /** By PBX user id; empty where presence is not available. */
  readonly #colleagues = new SvelteMap<number, ColleaguePresence>();
  /** The running `start` (its token); null once stopped. */
  #following: object | null = null;

  /** Starts following; returns the function that stops. */
  start(): () => void {
    const following = {};
    this.#following = following;
    let early: PresenceChange[] | null = [];
    const unsubscribe = subscribe('presence:changed', (change) => {
      if (this.#following !== following) return;
      if (early) early.push(change);
      else this.#apply([change]);
    });
    void invoke('presence:list').then(
      (list) => {
        if (this.#following !== following) return;
        const changes = early ?? [];
        early = null;
        this.#colleagues.clear();
        // No colleagues to know of here: nothing is shown, and no change is followed.
        if (!list.available) this.#following = null;
        else this.#apply([{ changed: list.colleagues, gone: [] }, ...changes]);
      },
      // A host that cannot say: show nothing, and follow no changes either.
      () => {
        if (this.#following === following) this.#following = null;
      },
    );
    return () => {
      if (this.#following === following) this.#following = null;
      unsubscribe();
    };
  }

  /** The signed-in colleague with this PBX user id. */
  byUserId(userId: number): ColleaguePresence | undefined {
    return this.#colleagues.get(userId);
  }

  /** The signed-in colleague whose phone is this extension (as dialled: `1002`). */
  byExtension(number: string): ColleaguePresence | undefined {
    const wanted = number.trim();
    if (wanted === '') return undefined;
    for (const colleague of this.#colleagues.values()) {
      if (colleague.extension === wanted) return colleague;
    }
    return undefined;
  }

  #apply(changes: readonly PresenceChange[]): void {
    for (const change of changes) {
      for (const userId of change.gone) this.#colleagues.delete(userId);
      for (const colleague of change.changed) this.#colleagues.set(colleague.userId, colleague);
    }
  }
}
