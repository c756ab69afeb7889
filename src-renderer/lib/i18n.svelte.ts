/**
 * The renderer's words and formats, in the language main says is in use. Every component takes its text from
 * here (`t('calls.answer')`), never from a literal, and its dates, numbers and durations through the same
 * translator; reading `current` inside these functions makes every text on screen follow a language switch.
 */
import type { LocaleState } from '../../src-main/shared/contract';
import {
  activeTranslator,
  createTranslator,
  DEFAULT_LOCALE,
  isCatalogueLoaded,
  localeOfTag,
  onLocaleChange,
  setActiveLocale,
  type DateStyle,
  type DisplayLocale,
  type DurationStyle,
  type MessageKey,
  type MessageParams,
  type Text,
  type Translator,
} from '../../src-main/shared/i18n';
import { loadCatalogue } from '../../src-main/shared/i18n/catalogueLoader';
import { announce } from './announcer.svelte';
import { invoke, subscribe } from './ringside';

let current = $state.raw<Translator>(activeTranslator());

onLocaleChange((translator) => {
  current = translator;
  if (typeof document !== 'undefined') document.documentElement.lang = translator.tag;
});

/**
 * Whether the language in use has its messages here. Until then a text is empty rather than its key: the
 * browser host's layer shows (and starts following events) before its first language has arrived.
 */
function wordsHere(): boolean {
  return isCatalogueLoaded(current.locale === 'pseudo' ? DEFAULT_LOCALE : current.locale);
}

/** A message in the language in use. */
export function t(key: MessageKey, params?: MessageParams): string {
  return wordsHere() ? current.t(key, params) : '';
}

/** A message main sent as key and parameters. */
export function tx(text: Text): string {
  return wordsHere() ? current.text(text) : '';
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return current.number(value, options);
}

export function formatDate(value: number | Date, style?: DateStyle): string {
  return current.date(value, style);
}

export function formatDuration(seconds: number, style?: DurationStyle): string {
  return current.duration(seconds, style);
}

export function formatRelative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return current.relative(value, unit);
}

export function formatList(items: readonly string[], type?: Intl.ListFormatType): string {
  return current.list(items, type);
}

/** A country's name (`SO` → "Somálsko") in the language in use; undefined for a code `Intl` does not name. */
export function regionName(code: string): string | undefined {
  return current.region(code);
}

/** Compares names as the language in use sorts them (for `Array.sort`). */
export function compareNames(a: string, b: string): number {
  return current.compare(a, b);
}

/** The language in use, e.g. to pick a `lang` attribute. */
export function currentLocale(): Translator['locale'] {
  return current.locale;
}

/**
 * Speaks `locale`, whose messages are here now. Already in it (English, before anything was loaded): what
 * was shown meanwhile, e.g. by the browser host's layer that mounts first, is worded again.
 */
function speak(locale: DisplayLocale): void {
  if (activeTranslator().locale === locale) current = createTranslator(locale);
  else setActiveLocale(locale);
}

let switches = 0;
/** Loads the language's messages (a chunk of their own; the pseudo-locale is made from English), then switches. */
async function apply(state: LocaleState): Promise<void> {
  const switchNumber = ++switches;
  await loadCatalogue(state.locale === 'pseudo' ? 'en' : state.locale);
  // A later switch that finished loading first wins.
  if (switchNumber === switches) speak(state.locale);
}

let languageKnown: () => void;
/** Resolves once the window speaks the language main chose (or English, when main could not say). */
export const localeReady = new Promise<void>((resolve) => (languageKnown = resolve));

/**
 * Asks main for the language once, before the first screen shows (so it never flashes in English), then
 * follows its changes. Resolves even if main cannot say: English then.
 */
export async function followLocale(): Promise<void> {
  // Followed first, read second: a switch main makes while the first answer is on its way wins over it.
  subscribe('locale:changed', (state) => void apply(state).catch(failedToLoad));
  const before = switches;
  try {
    const state = await invoke('locale:get');
    if (switches === before) await apply(state);
  } catch {
    // A window main refuses it (or an older main): it opens in English rather than not at all.
    await loadCatalogue(DEFAULT_LOCALE).catch(() => undefined);
    speak(DEFAULT_LOCALE);
  }
  languageKnown();
}

/** A language's messages could not be loaded (the chunk is missing): the window stays in the language it had. */
function failedToLoad(): void {
  announce(t('app.languageNotLoaded'));
}

/**
 * Words for the browser host's own layer, which shows before Ringside can say which language is in use (or
 * that it cannot be reached): the browser's language when Ringside speaks it, else English.
 */
export async function startInBrowserLanguage(): Promise<void> {
  const wanted = localeOfTag(navigator.language) ?? DEFAULT_LOCALE;
  const loaded = await loadCatalogue(wanted).then(
    () => wanted,
    () => loadCatalogue(DEFAULT_LOCALE).then(() => DEFAULT_LOCALE),
  );
  speak(loaded);
}
