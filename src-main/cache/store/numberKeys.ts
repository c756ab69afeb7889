/** How the cache turns stored and looked-up numbers into index keys, under the configured numbering plan. */
import type { NumberingOptions, ReadNumber } from '../../shared/numbers';
import { DEFAULT_INTERNAL_DIGITS, NUMBER_RULES_VERSION, numberKey, readNumber } from '../../shared/numbers';

export interface NumberingPlan {
  /** ISO 3166-1 country assumed for numbers written without a country code. */
  defaultCountry: string;
  internalDigits?: NumberingOptions['internalDigits'];
}

/** What the number index stores for one number: its lookup key and the digits search finds it by. */
export interface IndexedNumber {
  /** `+420777123456` or internal digits such as `201`. */
  key: string;
  /** The national significant number (`777123456`), or the digits of an internal number. */
  national: string;
  /** For people: `+420 777 123 456`; the text as stored when it could not be normalised. */
  display: string;
  /** What to dial: E.164, the internal digits, or the digits as stored. */
  dial: string;
}

/** Index entries worked out elsewhere under the same plan (see `withKnown`), by the raw number. */
export type KnownNumbers = ReadonlyMap<string, IndexedNumber | null>;

/**
 * Lookup keys remembered, by the text looked up: one call is looked up several times (the screen-pop, the
 * call list, the history record), and reading the number is a third of a lookup.
 */
const REMEMBERED_LOOKUPS = 64;

export class NumberKeys {
  private known: KnownNumbers | undefined;
  private readonly lookups = new Map<string, readonly string[]>();

  constructor(private readonly plan: NumberingPlan) {}

  /**
   * Runs `fn` with `index` answering from `known` where it can. The sync's writer thread gets the entries of
   * a batch's numbers from the main thread, which mostly waits for the PBX while the writer is the busy one.
   */
  withKnown<T>(known: KnownNumbers, fn: () => T): T {
    this.known = known;
    try {
      return fn();
    } finally {
      this.known = undefined;
    }
  }

  /** A stable description of the plan and the reading rules; when it changes, every stored key is recomputed. */
  get signature(): string {
    const { min, max } = this.plan.internalDigits ?? DEFAULT_INTERNAL_DIGITS;
    return `${this.plan.defaultCountry.toUpperCase()}:${min}-${max}:v${NUMBER_RULES_VERSION}`;
  }

  read(raw: string): ReadNumber | null {
    return readNumber(raw, this.plan.defaultCountry, { internalDigits: this.plan.internalDigits });
  }

  /**
   * The index entry of a number; null for text that is no number. Digits outside the internal length that
   * libphonenumber cannot place (a 7-digit extension, a service code) are kept as dialled, so that the same
   * digits looked up find them.
   */
  index(raw: string): IndexedNumber | null {
    const known = this.known?.get(raw);
    if (known !== undefined) return known;
    const read = this.read(raw);
    if (read) {
      const { e164, internal, display } = read.normalized;
      const key = e164 ?? internal;
      if (key) return { key, national: read.national, display, dial: key };
    }
    const digits = plainDigits(raw);
    return digits ? { key: digits, national: digits, display: raw.trim(), dial: digits } : null;
  }

  /** The keys to look a dialled or presented number up by (the normalised key, and the digits as dialled). */
  lookupKeys(raw: string): readonly string[] {
    const remembered = this.lookups.get(raw);
    if (remembered) {
      // The most recent last: the oldest is the one forgotten.
      this.lookups.delete(raw);
      this.lookups.set(raw, remembered);
      return remembered;
    }
    const digits = plainDigits(raw);
    // The key `index` stores the number under: libphonenumber's, else the digits as dialled.
    const key =
      numberKey(raw, this.plan.defaultCountry, { internalDigits: this.plan.internalDigits }) ?? digits;
    const keys = key === null ? [] : digits === null || digits === key ? [key] : [key, digits];
    if (this.lookups.size >= REMEMBERED_LOOKUPS) this.lookups.delete(this.lookups.keys().next().value!);
    this.lookups.set(raw, keys);
    return keys;
  }
}

/** The digits of `raw` when it is nothing but digits and separators (no plus, no letters), else null. */
function plainDigits(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^[\d\s./-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length >= 2 ? digits : null;
}
