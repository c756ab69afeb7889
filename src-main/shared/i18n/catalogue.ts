/**
 * The message catalogues: one JSON file per language (messages/<locale>.json), its messages grouped by area
 * (`calls`, `history`, `tray`…), read as one flat table per language whose keys are `<area>.<key>`. Messages
 * are ICU MessageFormat (plurals, selects, numbers), so a translator sees each sentence whole. English is the
 * reference: every key exists in it, and test/unit/i18n checks the others have the same keys and placeholders.
 *
 * A window loads only the language it shows (`loadCatalogue` in catalogueLoader.ts, a chunk of its own),
 * which keeps the first screen's JavaScript small; main registers all three at start (allCatalogues.ts) and
 * never bundles the loader, whose dynamic imports would only duplicate those static ones.
 */
import type english from './messages/en.json';
import type { Locale } from './locales';

type Areas = typeof english;
/** Every message's key, `<area>.<key>`, from the English catalogue. */
export type MessageKey = { [Area in keyof Areas]: `${Area}.${keyof Areas[Area] & string}` }[keyof Areas];

/** A language's messages by area; other languages must have the same areas as English. */
export type Catalogue = Record<keyof Areas, Record<string, string>>;

const tables = new Map<Locale, ReadonlyMap<string, string>>();

/** Makes a language's messages available (main does this for all three at start). */
export function registerCatalogue(locale: Locale, catalogue: Catalogue): void {
  const table = new Map<string, string>();
  for (const [area, messages] of Object.entries(catalogue)) {
    for (const [key, message] of Object.entries(messages)) table.set(`${area}.${key}`, message);
  }
  tables.set(locale, table);
}

export function isCatalogueLoaded(locale: Locale): boolean {
  return tables.has(locale);
}

/** One language's messages as a flat table: `calls.answer` → `Answer`; empty until loaded. */
export function messagesOf(locale: Locale): ReadonlyMap<string, string> {
  return tables.get(locale) ?? new Map();
}
