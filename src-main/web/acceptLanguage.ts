/**
 * The language of the browser that sent a request (its Accept-Language header), for the few texts the
 * browser host answers before the page has loaded: a link already used or expired, a page opened without a
 * link. The page itself follows Settings; these answers are read by someone who has no page yet.
 */
import { createTranslator, DEFAULT_LOCALE, localeOfTag, type Locale, type Translator } from '../shared/i18n';

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
