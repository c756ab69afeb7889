/**
 * Who has this number, from the local directory only: the number read with the configured default country
 * (E.164 for public numbers, internal extensions as dialled), then the cache's indexed lookup. This is the
 * screen-pop's hot path: one SQLite query, no network.
 */
import type { NumberMatch, PersonCard, PersonDetail } from '../cache';
import type { NumberView } from '../shared/contract';
import type { Logger } from '../shared/logger';
import { normalizeNumber } from '../shared/numbers';

/** The part of the DirectoryCache the calls layer uses (DirectoryCache satisfies it). */
export interface CallerDirectory {
  lookupNumber(raw: string): NumberMatch[];
  personCard(id: number): PersonCard | null;
  upsertPerson(person: PersonDetail): void;
  removePerson(id: number): void;
}

export interface ReadNumber extends NumberView {
  /** As given (trimmed). */
  raw: string;
  /** What the PBX should dial (E.164 or internal digits); null when the text is no phone number. */
  dial: string | null;
  /** Written without `+` or `00`, read as international (shared/numbers.ts). */
  readAsInternational?: true;
}

/** Reads a number as Ringside dials and indexes it; text that is no number keeps its text as `display`. */
export function readNumber(raw: string, defaultCountry: string): ReadNumber {
  const trimmed = raw.trim();
  const normalized = trimmed ? normalizeNumber(trimmed, defaultCountry) : null;
  if (!normalized) return { raw: trimmed, display: trimmed, dial: null };
  return { raw: trimmed, ...normalized, dial: normalized.e164 ?? normalized.internal ?? null };
}

/**
 * A number as Ringside shows every number, wherever it is shown (`+420 777 123 456`, `201`; text that is no
 * number as it came): the one formatter, so a number never appears raw beside formatted ones.
 */
export function displayNumber(raw: string, defaultCountry: string): string {
  return readNumber(raw, defaultCountry).display;
}

export class CallerLookup {
  private internationalDriftLogged = false;

  constructor(
    private readonly directory: () => CallerDirectory | undefined,
    readonly defaultCountry: () => string,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {}

  read(raw: string): ReadNumber {
    const number = readNumber(raw, this.defaultCountry());
    if (number.readAsInternational && !this.internationalDriftLogged) {
      // Once per session: the PBX does it to every such number. The number itself stays out of the log.
      this.internationalDriftLogged = true;
      this.logger?.warn(
        `PBX drift: a number came without + or 00 (${number.raw.replace(/\D/g, '').length} digits, country code ` +
          `${number.e164!.slice(0, 4)}…) that is no valid number of ${this.defaultCountry()}; numbers like it ` +
          'are read as international',
      );
    }
    return number;
  }

  /** Owners of the number, best first; [] without a directory or for text that is no number. */
  matches(number: ReadNumber): NumberMatch[] {
    const directory = this.directory();
    const key = number.dial ?? (/\d/.test(number.raw) ? number.raw : null);
    if (!directory || !key) return [];
    return directory.lookupNumber(key);
  }

  /** The best owner of a raw number, or null. */
  bestMatch(raw: string): NumberMatch | null {
    return this.matches(this.read(raw))[0] ?? null;
  }
}
