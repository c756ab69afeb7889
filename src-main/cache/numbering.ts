/** How the cache turns stored and looked-up numbers into index keys, under the configured numbering plan. */
import type { AnalysedNumber, NumberingOptions } from '../shared/numbers';
import { DEFAULT_INTERNAL_DIGITS, analyseNumber } from '../shared/numbers';

export interface NumberingPlan {
  /** ISO 3166-1 country assumed for numbers written without a country code. */
  defaultCountry: string;
  internalDigits?: NumberingOptions['internalDigits'];
}

/** What the number index stores for one number: its lookup key and its digit forms for search. */
export interface IndexedNumber {
  /** `+420777123456` or internal digits such as `201`. */
  key: string;
  digitForms: string[];
  /** For people: `+420 777 123 456`; the text as stored when it could not be normalised. */
  display: string;
  /** What to dial: E.164, the internal digits, or the digits as stored. */
  dial: string;
}

export class NumberKeys {
  constructor(private readonly plan: NumberingPlan) {}

  /** A stable description of the plan; when it changes, every stored key must be recomputed. */
  get signature(): string {
    const { min, max } = this.plan.internalDigits ?? DEFAULT_INTERNAL_DIGITS;
    return `${this.plan.defaultCountry.toUpperCase()}:${min}-${max}`;
  }

  analyse(raw: string): AnalysedNumber | null {
    return analyseNumber(raw, this.plan.defaultCountry, { internalDigits: this.plan.internalDigits });
  }

  /**
   * The index entry of a number; null for text that is no number. Digits outside the internal length that
   * libphonenumber cannot place (a 7-digit extension, a service code) are kept as dialled, so that the same
   * digits looked up find them.
   */
  index(raw: string): IndexedNumber | null {
    const analysed = this.analyse(raw);
    if (analysed) {
      const { e164, internal, display } = analysed.normalized;
      const key = e164 ?? internal;
      if (key) return { key, digitForms: analysed.digitForms, display, dial: key };
    }
    const digits = plainDigits(raw);
    return digits ? { key: digits, digitForms: [digits], display: raw.trim(), dial: digits } : null;
  }

  /** The keys to look a dialled or presented number up by (the normalised key, and the digits as dialled). */
  lookupKeys(raw: string): string[] {
    const keys = new Set<string>();
    const indexed = this.index(raw);
    if (indexed) keys.add(indexed.key);
    const digits = plainDigits(raw);
    if (digits) keys.add(digits);
    return [...keys];
  }
}

/** The digits of `raw` when it is nothing but digits and separators (no plus, no letters), else null. */
function plainDigits(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^[\d\s./-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length >= 2 ? digits : null;
}
