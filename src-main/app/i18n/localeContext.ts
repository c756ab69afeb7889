/**
 * Each agent session speaks its agent's language, also when one process serves many agents (a team server).
 * The session's work (its command handlers, and the timers and polls they and its services start) runs
 * inside the session's locale context; `t()` anywhere in main then finds that session's translator through
 * the resolver this module installs in shared/i18n. Outside any session the process's own language applies,
 * as it always did (the desktop's tray, the renderer).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  createTranslator,
  onLocaleChange,
  setTranslatorResolver,
  type DisplayLocale,
  type Translator,
} from '../../shared/i18n';

/** Whose language a piece of work speaks: read at each `t()`, so a switch applies to timers already set. */
export interface LocaleSpeaker {
  translator(): Translator | undefined;
  /** Calls `listener` after each switch of this speaker's language (what was worded is worded again). */
  onChange(listener: () => void): () => void;
}

// The store carries no data of its own: each async context carries the speaker it was entered with.
const speakers = new AsyncLocalStorage<LocaleSpeaker>();
setTranslatorResolver(() => speakers.getStore()?.translator());

/** Runs `work` (and whatever it schedules) in `speaker`'s language. */
export function speakingAs<T>(speaker: LocaleSpeaker, work: () => T): T {
  return speakers.run(speaker, work);
}

/** `listener`, run in `speaker`'s language whoever calls it (a PBX-wide service's callback, a host's). */
export function boundToSpeaker<A extends unknown[], R>(
  speaker: LocaleSpeaker,
  listener: (...args: A) => R,
): (...args: A) => R {
  return (...args) => speakers.run(speaker, () => listener(...args));
}

/** A speaker with a language of its own (an agent session of a team server). */
export class OwnLanguage implements LocaleSpeaker {
  private spoken: Translator | undefined;
  private readonly listeners = new Set<() => void>();

  translator(): Translator | undefined {
    return this.spoken;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  speak(locale: DisplayLocale): void {
    if (locale === this.spoken?.locale) return;
    this.spoken = createTranslator(locale);
    // Worded again in the new language: the listeners run in this speaker's context.
    speakingAs(this, () => {
      for (const listener of this.listeners) listener();
    });
  }
}

/** The process's language (the one agent of a desktop or browser host: tray and notifications follow it). */
export const PROCESS_LANGUAGE: LocaleSpeaker = {
  translator: () => undefined,
  onChange: (listener) => onLocaleChange(listener),
};
