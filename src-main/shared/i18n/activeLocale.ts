/**
 * The language a process speaks right now. Main sets it from the agent's choice (app/i18n/localeService.ts)
 * and its modules word what they show through `t`; the renderer sets it from main's `locale:changed` event.
 * Listeners let what was already shown (the tray menu, a status line) be worded again on a switch.
 */
import type { MessageKey } from './catalogue';
import { DEFAULT_LOCALE, type DisplayLocale } from './locales';
import type { MessageParams } from './text';
import { createTranslator, type Translator } from './translator';

let active: Translator = createTranslator(DEFAULT_LOCALE);
const listeners = new Set<(translator: Translator) => void>();

export function activeTranslator(): Translator {
  return active;
}

/** A message in the language in use. */
export function t(key: MessageKey, params?: MessageParams): string {
  return active.t(key, params);
}

export function setActiveLocale(locale: DisplayLocale): void {
  if (locale === active.locale) return;
  active = createTranslator(locale);
  const failures: unknown[] = [];
  for (const listener of listeners) {
    // One listener that fails (a menu that cannot be rebuilt) must not keep the others in the old language.
    try {
      listener(active);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0)
    throw new AggregateError(failures, `${failures.length} listener(s) failed to switch to ${locale}`);
}

/** Calls `listener` after every switch; returns the unsubscribe. */
export function onLocaleChange(listener: (translator: Translator) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
