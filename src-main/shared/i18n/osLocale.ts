/**
 * What the operating system's locale says, read the way a POSIX process must: `LC_ALL`, then `LC_MESSAGES`,
 * then `LANG`. The `C` and `POSIX` locales (`C.UTF-8` included, the default of containers and services) name
 * no language and no country: nothing is inferred from them, so a server started with `LANG=C.UTF-8` does not
 * read Czech numbers as American ones.
 */

type Environment = Readonly<Record<string, string | undefined>>;

/** `C`, `POSIX`, `C.UTF-8`, `C.utf8`, `POSIX@euro`: locales that stand for "none chosen". */
export function isNeutralLocale(tag: string): boolean {
  return /^(C|POSIX)([.@].*)?$/i.test(tag.trim());
}

/** The POSIX locale variables that name a language, most preferred first (`LANGUAGE` is a `:` list). */
export function posixLanguages(env: Environment): string[] {
  const { LANGUAGE, LC_ALL, LC_MESSAGES, LANG } = env;
  const listed = [...(LANGUAGE?.split(':') ?? []), LC_ALL, LC_MESSAGES, LANG];
  return listed.filter((tag): tag is string => Boolean(tag?.trim()) && !isNeutralLocale(tag!));
}

/** The region of a locale tag (`cs_CZ.UTF-8` → `CZ`, `sk-SK` → `SK`); undefined for none or a neutral one. */
export function regionOfLocale(tag: string | null | undefined): string | undefined {
  if (!tag || isNeutralLocale(tag)) return undefined;
  const region = /^[a-z]{2,3}[-_]([A-Za-z]{2})(?![A-Za-z])/i.exec(tag.trim())?.[1];
  return region?.toUpperCase();
}

/**
 * The OS region for phone numbers. Where a POSIX locale variable is set it decides (a neutral one: no
 * region). Where none is set, Windows and macOS report their region settings (`reported`: Electron's
 * `app.getLocaleCountryCode()`, or `Intl`'s default); elsewhere an unset locale is the `C` locale.
 */
export function osRegion(env: Environment, platform: NodeJS.Platform, reported?: string): string | undefined {
  const posix = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG']].find((value) => value?.trim());
  if (posix) return regionOfLocale(posix);
  if (platform !== 'win32' && platform !== 'darwin') return undefined;
  const region = reported?.trim().toUpperCase();
  return region && /^[A-Z]{2}$/.test(region) ? region : undefined;
}
