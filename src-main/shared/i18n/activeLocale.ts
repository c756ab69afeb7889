/**
 * The language a process speaks right now. Main sets it from the agent's choice (app/i18n/localeService.ts)
 * and its modules word what they show through `t`; the renderer sets it from main's `locale:changed` event.
 * Listeners let what was already shown (the tray menu, a status line) be worded again on a switch.
 *
 * A process serving several agents (a team server) speaks each agent's language in that agent's work: main
 * installs a resolver (app/i18n/localeContext.ts) that finds the translator of the agent session the code
 * runs for; outside any session, and always in the renderer, the process's own language applies.
 */
import type { MessageKey } from './catalogue';
import { DEFAULT_LOCALE, type DisplayLocale } from './locales';
import type { MessageParams } from './text';
import { createTranslator, type Translator } from './translator';

let active: Translator = createTranslator(DEFAULT_LOCALE);
const listeners = new Set<(translator: Translator) => void>();
/** How to find the translator of the work in progress; undefined from it means the process's own. */
let resolveTranslator: () => Translator | undefined = () => undefined;

/** The translator of the work in progress (the agent session it runs for), else the process's. */
export function activeTranslator(): Translator {
  return resolveTranslator() ?? active;
}

/** A message in the language in use. */
export function t(key: MessageKey, params?: MessageParams): string {
  return activeTranslator().t(key, params);
}

/** Main only: how to find the translator of the work in progress (app/i18n/localeContext.ts). */
export function setTranslatorResolver(resolver: () => Translator | undefined): void {
  resolveTranslator = resolver;
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
