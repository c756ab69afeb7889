/**
 * Wrap-up: the panel that opens when an answered call of the agent's phone ends (`call:ended`) or from a
 * review, and the saves waiting for the PBX. Each call's draft lives in a `WrapUpSession` for as long as the
 * panel is open, and beyond while it holds unsaved text: typed input is never lost, not even across a failed
 * save. What is typed is also kept on disk (`wrapup:draft`, debounced), so a crash or a kill loses at most
 * the last keystrokes; after a restart the kept drafts open again for their calls.
 * One `WrapUpDesk` lives in App.svelte and is shared through context with the History screen.
 */
import { createContext } from 'svelte';
import { SvelteMap } from 'svelte/reactivity';
import type {
  Disposition,
  HistoryItem,
  PendingSave,
  SavedWrapUp,
  WrapUp,
  WrapUpDraft,
} from '../../../src-main/shared/contract';
import { WRAP_UP_KEYS } from '../../../src-main/shared/contract/wrapUpKeys';
import { announce } from '../announcer.svelte';
import { describeError, type ErrorDescription } from '../errors';
import { focusIsLost } from '../focusLost';
import { pendingText } from '../historyText';
import { formatDate, t } from '../i18n.svelte';
import { invoke, subscribe } from '../ringside';
import { Action } from './action.svelte';
import { Followed } from './followed.svelte';
import { MetadataDraft } from './wrapupDraft.svelte';

/**
 * - `unsaved`: nothing saved for this call yet;
 * - `waiting`: saved on this computer, the PBX write is on its way (or waiting for the PBX);
 * - `written`: the PBX accepted the last save;
 * - `rejected`: the PBX refused it (`pending.message` says why): Retry or Discard;
 * - `local`: saved on this computer only (a refused save was discarded).
 */
export type WrapUpStatus = 'unsaved' | 'waiting' | 'written' | 'rejected' | 'local';

/** How long typing rests before the draft goes to disk: a kill loses at most this much of it. */
export const DRAFT_KEEP_DELAY_MS = 500;

export class WrapUpSession {
  wrapUp = $state.raw<WrapUp | null>(null);
  loadError = $state.raw<ErrorDescription | null>(null);
  call = $state.raw<HistoryItem | null>(null);

  disposition = $state<string | null>(null);
  note = $state('');
  followUp = $state(false);
  readonly metadata = new MetadataDraft();

  saved = $state.raw<SavedWrapUp | null>(null);
  pending = $state.raw<PendingSave | null>(null);
  /** The `wrapup:save` on its way, or why it failed (nothing was saved; the draft stays as typed). */
  readonly saving = new Action<void>();
  /** Why dropping a refused save failed. */
  discardError = $state.raw<ErrorDescription | null>(null);
  /** The form was filled from a draft kept on disk (typed before Ringside last stopped). */
  restoredDraft = $state(false);
  /** The wrap-up was read: until then an empty form must not replace a draft kept on disk. */
  loaded = $state(false);
  #discarding = false;

  readonly dispositions: Disposition[] = $derived(this.wrapUp?.dispositions ?? []);

  readonly status: WrapUpStatus = $derived.by(() => {
    if (this.pending) return this.pending.state === 'rejected' ? 'rejected' : 'waiting';
    if (!this.saved) return 'unsaved';
    return this.saved.writtenAt !== null ? 'written' : 'local';
  });

  /** The form differs from what was saved last (or holds anything, when nothing was). */
  readonly dirty: boolean = $derived.by(() => {
    const saved = this.saved ?? { disposition: null, note: '', followUp: false };
    return (
      this.disposition !== saved.disposition ||
      this.note !== saved.note ||
      this.followUp !== saved.followUp ||
      this.metadata.changed
    );
  });

  /** What to keep on disk: the form while it differs from what was saved (or a field being added), else null. */
  readonly unsavedDraft: WrapUpDraft | null = $derived.by(() => {
    const { edits, newKey, newValue } = this.metadata;
    if (!this.dirty && newKey === '' && newValue === '') return null;
    return {
      disposition: this.disposition,
      note: this.note,
      followUp: this.followUp,
      metadata: { ...edits },
      newKey,
      newValue,
    };
  });

  constructor(
    readonly uniqueid: string,
    call: HistoryItem | null = null,
  ) {
    this.call = call;
  }

  async load(): Promise<void> {
    try {
      const wrapUp = await invoke('wrapup:get', { uniqueid: this.uniqueid });
      this.wrapUp = wrapUp;
      this.loadError = null;
      this.call = wrapUp.call ?? this.call;
      this.saved = wrapUp.saved;
      this.pending = wrapUp.pending;
      const values = wrapUp.metadata.status === 'shown' ? wrapUp.metadata.value.values : {};
      this.metadata.setBase(values);
      if (wrapUp.draft && this.#isBlank()) this.#restore(wrapUp.draft);
      else if (this.#isBlank()) this.#fill(wrapUp.saved, values);
      this.loaded = true;
    } catch (error) {
      this.loadError = describeError(error);
    }
  }

  /** Saves locally at once (main writes it to the PBX in the background); the draft stays in the form. */
  async save(): Promise<void> {
    const sentEdits = { ...this.metadata.edits };
    const changes = this.metadata.changes();
    this.discardError = null;
    await this.saving.run(async () => {
      const result = await invoke('wrapup:save', {
        uniqueid: this.uniqueid,
        disposition: this.disposition,
        note: this.note,
        followUp: this.followUp,
        metadata: changes,
      });
      this.saved = result.saved;
      this.pending = result.pending;
      this.metadata.applySaved(changes, sentEdits);
      this.restoredDraft = false;
      // The status line changes beside the Save button, where the focus is not always: say where it stands.
      announce(
        result.pending
          ? pendingText(result.pending)
          : t(this.saved?.writtenAt ? 'wrapup.written' : 'wrapup.local'),
      );
    });
  }

  /** Drops a refused save from the outbox; the local copy and the draft stay. */
  async discard(): Promise<void> {
    this.#discarding = true;
    try {
      await invoke('wrapup:discard', { uniqueid: this.uniqueid });
      this.pending = null;
      this.discardError = null;
      announce(t('wrapup.local'));
    } catch (error) {
      this.discardError = describeError(error);
    } finally {
      this.#discarding = false;
    }
  }

  /** `wrapup:changed` for this call: the outbox entry moved, or (null) the PBX accepted the save. */
  onChanged(pending: PendingSave | null): void {
    const accepted = pending === null && this.pending !== null && !this.#discarding;
    this.pending = pending;
    if (accepted && this.saved) {
      this.saved = { ...this.saved, writtenAt: Date.now() };
      announce(t('wrapup.written'));
    }
  }

  #isBlank(): boolean {
    return this.disposition === null && this.note === '' && !this.followUp && !this.metadata.changed;
  }

  /** The form as it was typed before Ringside last stopped. */
  #restore(draft: WrapUpDraft): void {
    this.disposition = draft.disposition;
    this.note = draft.note;
    this.followUp = draft.followUp;
    this.metadata.edits = { ...draft.metadata };
    this.metadata.newKey = draft.newKey;
    this.metadata.newValue = draft.newValue;
    this.restoredDraft = true;
  }

  /** The form from the last local save, else from what the PBX holds (saved on another computer). */
  #fill(saved: SavedWrapUp | null, values: Record<string, unknown>): void {
    if (saved) {
      this.disposition = saved.disposition;
      this.note = saved.note;
      this.followUp = saved.followUp;
      return;
    }
    const disposition = values[WRAP_UP_KEYS.disposition];
    const note = values[WRAP_UP_KEYS.note];
    if (typeof disposition === 'string' && this.dispositions.some((known) => known.code === disposition))
      this.disposition = disposition;
    if (typeof note === 'string') this.note = note;
    this.followUp = values[WRAP_UP_KEYS.followUp] === true;
  }
}

export class WrapUpDesk {
  /** Calls with the panel open, oldest first. */
  shown = $state<string[]>([]);
  /** The call the panel shows. */
  current = $state<string | null>(null);
  /**
   * Every save still on its way to the PBX (oldest first): read, then patched by each `wrapup:changed`, and
   * read again when a patch does not add up or another PBX's outbox takes over.
   */
  readonly #pending = new Followed<PendingSave[]>({
    read: () => invoke('wrapup:pending'),
    follow: (update) => {
      const stops = [
        subscribe('wrapup:changed', ({ uniqueid, pending, pendingCount }) => {
          this.#sessions.get(uniqueid)?.onChanged(pending);
          const others = this.pending.filter((entry) => entry.uniqueid !== uniqueid);
          update(pending ? [...others, pending].sort((a, b) => a.savedAt - b.savedAt) : others);
          if (this.pending.length !== pendingCount) void this.#pending.refresh();
        }),
        subscribe('history:changed', ({ reset }) => {
          if (reset) void this.#pending.refresh();
        }),
      ];
      return () => stops.forEach((stop) => stop());
    },
  });
  /** Set when the panel should take the focus (opened by the agent, not by a call ending). */
  focusRequested = $state<string | null>(null);
  #sessions = new SvelteMap<string, WrapUpSession>();
  /** Per session: stops keeping its draft on disk. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- stop functions, never shown
  #keepers = new Map<string, () => void>();

  readonly session: WrapUpSession | undefined = $derived(
    this.current ? this.#sessions.get(this.current) : undefined,
  );

  get pending(): PendingSave[] {
    return this.#pending.value ?? [];
  }

  /** Why the pending saves could not be read. */
  get pendingError(): ErrorDescription | null {
    return this.#pending.error;
  }

  /** Follows ended calls and the outbox; returns the function that stops. */
  start(): () => void {
    const stopEnded = subscribe('call:ended', ({ uniqueid, call }) => {
      // Only a conversation needs wrapping up; a missed or unanswered call can be wrapped up from its review.
      if (call.outcome !== 'answered') return;
      // Nothing has the keyboard (the agent hung up with it): the wrap-up, the next thing to do, takes it,
      // unless another call's unsaved wrap-up is in the way.
      const busy = this.session?.dirty && this.current !== uniqueid;
      this.show(uniqueid, { call, focus: !busy && focusIsLost() });
      const name = call.match?.name || call.remote.pbxName.trim() || call.remote.display;
      // It opens without taking the focus: a screen reader user hears it instead.
      announce(t('wrapup.callEnded', { name }));
    });
    const stopPending = this.#pending.start();
    void this.#restoreDrafts();
    return () => {
      stopEnded();
      stopPending();
      for (const stop of this.#keepers.values()) stop();
      this.#keepers.clear();
    };
  }

  /** Opens the panel again for every draft kept from before a restart (or a crash). */
  async #restoreDrafts(): Promise<void> {
    try {
      const kept = await invoke('wrapup:drafts');
      for (const { uniqueid, call, updatedAt } of kept) {
        if (this.#sessions.has(uniqueid)) continue;
        this.show(uniqueid, { call });
        const name = call ? call.match?.name || call.remote.pbxName.trim() || call.remote.display : uniqueid;
        announce(t('wrapup.draftRestored', { name, time: formatDate(updatedAt, 'time') }));
      }
    } catch {
      // Nothing kept can be read now: the panels open as calls end, and the drafts stay on disk.
    }
  }

  /**
   * Keeps a session's draft on disk as it is typed: once typing rests `DRAFT_KEEP_DELAY_MS`, the form goes to
   * main (null once it is saved or undone, which drops the kept copy).
   */
  #keep(session: WrapUpSession): void {
    let keptOnDisk: boolean | undefined;
    const stop = $effect.root(() => {
      $effect(() => {
        const draft = session.unsavedDraft;
        if (!session.loaded && draft === null) return;
        // Before the first write, whatever main kept counts as kept (load() restored it into the form).
        keptOnDisk ??= session.restoredDraft;
        if (draft === null && !keptOnDisk) return;
        const timer = setTimeout(() => {
          keptOnDisk = draft !== null;
          invoke('wrapup:draft', { uniqueid: session.uniqueid, draft }).catch(() => {
            // The form still holds it; the next keystroke tries again.
            keptOnDisk = true;
          });
        }, DRAFT_KEEP_DELAY_MS);
        return () => clearTimeout(timer);
      });
    });
    this.#keepers.set(session.uniqueid, stop);
  }

  /**
   * Opens the panel for a call (reading its wrap-up the first time). A call that ends while the agent is
   * busy with another call's unsaved wrap-up waits behind it instead of replacing it.
   */
  show(uniqueid: string, options: { call?: HistoryItem | null; focus?: boolean } = {}): void {
    let session = this.#sessions.get(uniqueid);
    if (!session) {
      session = new WrapUpSession(uniqueid, options.call ?? null);
      this.#sessions.set(uniqueid, session);
      this.#keep(session);
      void session.load();
    }
    if (!this.shown.includes(uniqueid)) this.shown = [...this.shown, uniqueid];
    const busy = !options.focus && this.session?.dirty && this.current !== uniqueid;
    if (!busy) this.current = uniqueid;
    if (options.focus) this.focusRequested = uniqueid;
  }

  select(uniqueid: string): void {
    if (this.shown.includes(uniqueid)) this.current = uniqueid;
  }

  /** Closes a call's panel; a draft with unsaved changes is kept for when it opens again. */
  close(uniqueid: string): void {
    this.shown = this.shown.filter((shown) => shown !== uniqueid);
    const session = this.#sessions.get(uniqueid);
    if (session && !session.unsavedDraft) {
      this.#sessions.delete(uniqueid);
      this.#keepers.get(uniqueid)?.();
      this.#keepers.delete(uniqueid);
      // Undone to what was saved: a copy kept on disk earlier goes too (its timer just stopped).
      if (session.loaded) void invoke('wrapup:draft', { uniqueid, draft: null }).catch(() => {});
    }
    if (this.current === uniqueid) this.current = this.shown.at(-1) ?? null;
  }

  sessionOf(uniqueid: string): WrapUpSession | undefined {
    return this.#sessions.get(uniqueid);
  }

  /** Drops a refused save straight from the pending list; resolves to why it could not, or null. */
  async discard(uniqueid: string): Promise<ErrorDescription | null> {
    const session = this.#sessions.get(uniqueid);
    if (session) {
      await session.discard();
      return session.discardError;
    }
    try {
      await invoke('wrapup:discard', { uniqueid });
      this.#pending.update(this.pending.filter((entry) => entry.uniqueid !== uniqueid));
      return null;
    } catch (error) {
      return describeError(error);
    }
  }
}

const [getWrapUpDesk, setWrapUpDesk] = createContext<WrapUpDesk>();
export { getWrapUpDesk, setWrapUpDesk };
