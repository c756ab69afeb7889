/**
 * A window's way to its language: each catalogue is a chunk of its own, loaded when that language is shown.
 * Windows only (main registers all three at once, allCatalogues.ts): kept out of the i18n index, so main's
 * bundle has no dynamic import of a catalogue it also imports statically.
 */
import { isCatalogueLoaded, registerCatalogue, type Catalogue } from './catalogue';
import type { Locale } from './locales';

const loaders: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  en: () => import('./messages/en.json'),
  cs: () => import('./messages/cs.json'),
  sk: () => import('./messages/sk.json'),
};

/** Loads a language's messages if they are not loaded yet. */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (!isCatalogueLoaded(locale)) registerCatalogue(locale, (await loaders[locale]()).default);
}
