/**
 * The language of the browser that sent a request (its Accept-Language header), for the few texts a server
 * answers before the page has loaded: the browser host's link already used or expired, the team server's
 * sign-in refusals. The page itself follows Settings; these answers are read by someone who has no page yet.
 */
import { DEFAULT_LOCALE, localeOfTag, type Locale } from './locales';
import { createTranslator, type Translator } from './translator';

/** The languages an Accept-Language header lists, most preferred first (by q-value, then order). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...parameters] = entry.trim().split(';');
      const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/i.exec(parameter)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The first language Ringside speaks among those the header lists, by their q-values; else English. */
export function localeOfAcceptLanguage(header: string | undefined): Locale {
  return (
    acceptedLanguages(header)
      .map(localeOfTag)
      .find((locale) => locale) ?? DEFAULT_LOCALE
  );
}

export function translatorFor(acceptLanguage: string | undefined): Translator {
  return createTranslator(localeOfAcceptLanguage(acceptLanguage));
}
