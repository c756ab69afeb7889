/**
 * The ongoing calls on the agent's phone, as the main process reports them (asked for once, then followed
 * through `calls:changed`), and call control. One instance lives in App.svelte and is shared through context
 * by the Calls screen and the pop card, so both show the same call the same way. It is also the one place
 * that tells screen readers when a call changes state (lib/callAnnouncements.ts).
 */
import { createContext } from 'svelte';
import type { CallAction, CallView } from '../../../src-main/shared/contract';
import { announce } from '../announcer.svelte';
import { callStateAnnouncements } from '../callAnnouncements';
import { describeError, type ErrorDescription } from '../errors';
import { t } from '../i18n.svelte';
import { invoke, subscribe } from '../ringside';
import { Followed } from './followed.svelte';

export class CallsState {
  readonly #calls = new Followed<CallView[]>(
    { read: () => invoke('calls:list'), follow: (update) => subscribe('calls:changed', update) },
    (calls, previous) => {
      this.#forgetEnded(calls);
      const sentences = callStateAnnouncements(previous, calls);
      // One announcement per update: a second one right after would cut the first off.
      if (sentences.length > 0) announce(sentences.join(' '));
    },
  );
  /**
   * Refusals that came before the request reached the PBX (no phone chosen, not the call the PBX would act
   * on), per call. A refusal by the PBX itself comes with the call as its `notice`.
   */
  errors = $state<Record<string, ErrorDescription>>({});

  get calls(): CallView[] {
    return this.#calls.value ?? [];
  }

  /** Why the calls could not be read, when they could not. */
  get loadError(): ErrorDescription | null {
    return this.#calls.error;
  }

  /** Starts following; returns the function that stops. */
  start(): () => void {
    return this.#calls.start();
  }

  get(uniqueid: string): CallView | undefined {
    return this.calls.find((call) => call.uniqueid === uniqueid);
  }

  /** What to show under a call: the PBX's notice after a declined action, else Ringside's own refusal. */
  problemOf(call: CallView): ErrorDescription | string | null {
    const notice = call.notice;
    if (!notice) return this.errors[call.uniqueid] ?? null;
    return {
      // Read when shown, so the headline follows a language switch.
      get title(): string {
        return t('calls.actionDeclined', { action: notice.action });
      },
      detail: notice.detail,
    };
  }

  /** Sends an action; the call shows it at once through `calls:changed` (and rolls back on refusal). */
  async control(uniqueid: string, action: CallAction): Promise<void> {
    this.#clearError(uniqueid);
    try {
      await invoke('calls:control', { uniqueid, action });
    } catch (error) {
      // After a refusal by the PBX the call carries the message as its notice; anything else is said here.
      if (!this.get(uniqueid)?.notice) this.errors = { ...this.errors, [uniqueid]: describeError(error) };
    }
  }

  #forgetEnded(calls: CallView[]): void {
    const ongoing = calls.map((call) => call.uniqueid);
    if (Object.keys(this.errors).some((uniqueid) => !ongoing.includes(uniqueid))) {
      this.errors = Object.fromEntries(
        Object.entries(this.errors).filter(([uniqueid]) => ongoing.includes(uniqueid)),
      );
    }
  }

  #clearError(uniqueid: string): void {
    if (!(uniqueid in this.errors)) return;
    const { [uniqueid]: _cleared, ...rest } = this.errors;
    this.errors = rest;
  }
}

const [getCallsState, setCallsState] = createContext<CallsState>();
export { getCallsState, setCallsState };
