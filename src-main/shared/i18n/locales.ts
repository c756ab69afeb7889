/**
 * The languages Ringside speaks and how the one in use is chosen: the agent's own choice in Settings, else
 * (Automatic) the agent's PBX user locale, else the browser's languages (browser host), else the OS language,
 * else English.
 */
export const LOCALES = ['en', 'cs', 'sk'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * A locale for layout tests only: English made about 40 % longer and accented (pseudoLocale.ts). Never offered
 * in Settings; a host turns it on for its whole run.
 */
export const PSEUDO_LOCALE = 'pseudo';
export type DisplayLocale = Locale | typeof PSEUDO_LOCALE;

export const LANGUAGE_CHOICES = ['auto', ...LOCALES] as const;
/** What the agent picks in Settings ▸ Language. */
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** The BCP 47 tag handed to `Intl` for each locale (region included, so dates read as the agent expects). */
export const INTL_TAGS: Record<DisplayLocale, string> = {
  en: 'en-US',
  cs: 'cs-CZ',
  sk: 'sk-SK',
  pseudo: 'en-US',
};

/** The language Ringside speaks for a locale tag (`cs_CZ`, `sk-SK`, `en`…), or undefined for any other. */
export function localeOfTag(tag: string | null | undefined): Locale | undefined {
  const language = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return LOCALES.find((locale) => locale === language);
}

export interface LocaleSources {
  choice: LanguageChoice;
  /** The agent's PBX user `locale` (`cs_CZ`…), when the agent is known. */
  agentLocale?: string | undefined;
  /**
   * The browser host only: the languages of the browser whose page signed in (its Accept-Language), most
   * preferred first. They come before the OS's: the browser host's process runs with a server's locale
   * (often `C.UTF-8`), the agent reads in their browser.
   */
  browserLanguages?: readonly string[] | undefined;
  /** The OS's preferred languages, most preferred first. */
  systemLanguages?: readonly string[] | undefined;
}

/**
 * The language in use: an explicit choice, else the agent's PBX locale, else the first browser language we
 * speak, else the first OS language we speak.
 */
export function resolveLocale({
  choice,
  agentLocale,
  browserLanguages = [],
  systemLanguages = [],
}: LocaleSources): Locale {
  if (choice !== 'auto') return choice;
  const firstSpoken = (tags: readonly string[]) => tags.map(localeOfTag).find((found) => found);
  return (
    localeOfTag(agentLocale) ??
    firstSpoken(browserLanguages) ??
    firstSpoken(systemLanguages) ??
    DEFAULT_LOCALE
  );
}
