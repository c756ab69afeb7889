/**
 * Words and `Intl` formatting for one language. Messages are compiled once per key (intl-messageformat) and
 * formatters once per translator, so a list of a thousand rows costs a thousand lookups, not a thousand parses.
 * A key missing in Czech or Slovak falls back to English (the catalogue test keeps that from shipping).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { messagesOf, type MessageKey } from './catalogue';
import { DEFAULT_LOCALE, INTL_TAGS, type DisplayLocale } from './locales';
import { pseudoMessages } from './pseudoLocale';
import type { MessageParams, Text } from './text';

export type DateStyle =
  'time' | 'timeSeconds' | 'date' | 'dateShort' | 'dateTime' | 'dateTimeSeconds' | 'weekday';
export type DurationStyle = 'digital' | 'narrow' | 'long';

const DATE_STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  time: { hour: 'numeric', minute: '2-digit' },
  timeSeconds: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  date: { dateStyle: 'medium' },
  dateShort: { day: 'numeric', month: 'numeric' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
  weekday: { weekday: 'long' },
};

// Intl.DurationFormat ships in Node 24 and current Chromium; TypeScript's ES2024 lib does not declare it yet.
interface DurationFormatter {
  format(duration: { hours?: number; minutes?: number; seconds?: number }): string;
}
type DurationFormatConstructor = new (
  locale: string,
  options: { style: DurationStyle; secondsDisplay?: 'always' | 'auto' },
) => DurationFormatter;

export interface Translator {
  readonly locale: DisplayLocale;
  /** The BCP 47 tag for `Intl` and `<html lang>`. */
  readonly tag: string;
  t(key: MessageKey, params?: MessageParams): string;
  /** A `Text` from main, in this language. */
  text(text: Text): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  date(value: number | Date, style?: DateStyle): string;
  /** Seconds as `1:05` (digital), `1 min 5 s` (narrow) or `1 minute, 5 seconds` (long). */
  duration(seconds: number, style?: DurationStyle): string;
  relative(value: number, unit: Intl.RelativeTimeFormatUnit): string;
  list(items: readonly string[], type?: Intl.ListFormatType): string;
  /** Sorts names as this language does (in Czech, Č after C and Ch after H); numbers by value. */
  compare(a: string, b: string): number;
  plural(count: number): Intl.LDMLPluralRule;
  /** A country's name (`SO` → "Somálsko"); undefined for a code `Intl` does not name. */
  region(code: string): string | undefined;
}

function splitSeconds(total: number): { hours: number; minutes: number; seconds: number } {
  const whole = Math.max(0, Math.round(total));
  return { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60), seconds: whole % 60 };
}

export function createTranslator(locale: DisplayLocale): Translator {
  const tag = INTL_TAGS[locale];
  // Looked up at each first use of a key, not captured: a window loads its language after this is made.
  const own = () => (locale === 'pseudo' ? pseudoMessages() : messagesOf(locale));
  const compiled = new Map<string, IntlMessageFormat>();
  const dates = new Map<DateStyle, Intl.DateTimeFormat>();
  const durations = new Map<DurationStyle, DurationFormatter>();
  const numbers = new Intl.NumberFormat(tag);
  const collator = new Intl.Collator(tag, { numeric: true, sensitivity: 'base' });
  const plurals = new Intl.PluralRules(tag);
  const relative = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
  const DurationFormat = (Intl as unknown as { DurationFormat?: DurationFormatConstructor }).DurationFormat;

  function compile(key: string): IntlMessageFormat | undefined {
    let format = compiled.get(key);
    if (!format) {
      const source = own().get(key) ?? messagesOf(DEFAULT_LOCALE).get(key);
      if (source === undefined) return undefined;
      format = new IntlMessageFormat(source, tag);
      compiled.set(key, format);
    }
    return format;
  }

  function t(key: MessageKey, params?: MessageParams): string {
    const format = compile(key);
    if (!format) return key;
    const values = params
      ? Object.fromEntries(Object.entries(params).map(([name, value]) => [name, value ?? '']))
      : undefined;
    return String(format.format(values));
  }

  function duration(seconds: number, style: DurationStyle = 'digital'): string {
    const parts = splitSeconds(seconds);
    // A running timer reads the same in every language (1:05, 1:02:03); Intl's digital style pads to 01:05.
    if (style === 'digital' || !DurationFormat) {
      const mm = String(parts.minutes).padStart(parts.hours ? 2 : 1, '0');
      const ss = String(parts.seconds).padStart(2, '0');
      return parts.hours ? `${parts.hours}:${mm}:${ss}` : `${mm}:${ss}`;
    }
    let format = durations.get(style);
    if (!format) {
      format = new DurationFormat(tag, { style });
      durations.set(style, format);
    }
    // Spelled-out durations leave out zero parts ("5 s", not "0 h 0 min 5 s"), but never say nothing.
    const shown = Object.fromEntries(Object.entries(parts).filter(([, value]) => value > 0));
    if (Object.keys(shown).length > 0) return format.format(shown);
    return new DurationFormat(tag, { style, secondsDisplay: 'always' }).format({ seconds: 0 });
  }

  return {
    locale,
    tag,
    t,
    text: (message) => t(message.key, message.params),
    number: (value, options) => (options ? new Intl.NumberFormat(tag, options) : numbers).format(value),
    date(value, style = 'dateTime') {
      let format = dates.get(style);
      if (!format) {
        format = new Intl.DateTimeFormat(tag, DATE_STYLES[style]);
        dates.set(style, format);
      }
      return format.format(value);
    },
    duration,
    relative: (value, unit) => relative.format(value, unit),
    list: (items, type = 'conjunction') => new Intl.ListFormat(tag, { type }).format(items),
    compare: collator.compare,
    plural: (count) => plurals.select(count),
    region(code) {
      try {
        const name = new Intl.DisplayNames([tag, 'en'], { type: 'region' }).of(code.toUpperCase());
        return name && name !== code.toUpperCase() ? name : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
