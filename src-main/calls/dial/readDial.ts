/**
 * How the dial path reads a text, by where it came from (the dial model: shared/dialModel.ts):
 * - `link`: the canonical text a parsed `tel:`/`callto:` link became (shared/tel.ts `dialTextOf`), or the
 *   number its confirmation names: digits with an optional leading `+`, at most 15, and `;ext=` with at
 *   most 8 digits. Anything else is refused: it did not come from the link parser.
 * - `selection`: the shortcut's selected or copied text, in any format people write numbers in (read by
 *   shared/numbers.ts with the default country), but no feature code.
 * - `dialpad`: what the agent typed or picked in the app (dial pad, directory, history, tray), in any
 *   format, and also a PBX feature code (`*31#`), dialled as typed.
 * A number is then read with the default country: E.164 for public numbers, the digits for internal ones.
 */
import type { DialCaution, DialSource } from '../../shared/contract';
import { countryOfNumber, dialCautionOf } from '../../shared/dialCaution';
import { activeTranslator, t } from '../../shared/i18n';
import {
  looksLikeFeatureCode,
  MAX_FEATURE_CODE_LENGTH,
  parseDialTarget,
  readFeatureCode,
} from '../../shared/dialModel';
import { readNumber, type ReadNumber } from '../callerLookup';

export type DialRules = 'link' | 'selection' | 'dialpad';

/** The rules a dial from `source` is read by. */
export function dialRulesOf(source: DialSource): DialRules {
  if (source === 'link') return 'link';
  if (source === 'shortcut') return 'selection';
  return 'dialpad';
}

/** A text the dial path can dial: `number.dial` is exactly what the PBX is asked to dial. */
export interface DialReading {
  ok: true;
  number: ReadNumber & { dial: string };
  /** Set when a link or the shortcut must ask before dialling it, whatever the setting. */
  caution: DialCaution | null;
  /** For a `foreign-country` caution: the number's country (ISO code), when known. */
  cautionCountry?: string;
  /** A feature code: dialled as typed, owned by no one in the directory. */
  featureCode: boolean;
}

/** Why a text cannot be dialled, in words the user can act on; empty for empty text. */
export interface DialRefusal {
  ok: false;
  reason: string;
}

/** `allowedCountries`: those a link or the shortcut dials without asking (by default the default country). */
export function readDial(
  raw: string,
  rules: DialRules,
  country: string,
  allowedCountries: readonly string[] = [country],
): DialReading | DialRefusal {
  const text = raw.trim();
  if (text === '') return { ok: false, reason: '' };
  if (looksLikeFeatureCode(text)) return readFeature(text, rules);
  if (rules === 'link' && !parseDialTarget(text)) {
    return { ok: false, reason: t('control.dialNotALinkNumber', { text }) };
  }
  const number = readNumber(text, country);
  if (!number.dial) return { ok: false, reason: notANumber(text, country) };
  const caution = dialCautionOf(number, country, allowedCountries);
  const cautionCountry =
    caution === 'foreign-country' && number.e164 ? countryOfNumber(number.e164) : undefined;
  return {
    ok: true,
    number: { ...number, dial: number.dial },
    caution,
    ...(cautionCountry ? { cautionCountry } : {}),
    featureCode: false,
  };
}

function readFeature(text: string, rules: DialRules): DialReading | DialRefusal {
  if (rules !== 'dialpad') {
    return { ok: false, reason: t('control.dialFeatureCodeOnlyDialpad', { text }) };
  }
  const code = readFeatureCode(text);
  if (!code) {
    return {
      ok: false,
      reason: t('control.dialFeatureCodeInvalid', { text, max: MAX_FEATURE_CODE_LENGTH }),
    };
  }
  return { ok: true, number: { raw: text, display: code, dial: code }, caution: null, featureCode: true };
}

function notANumber(text: string, country: string): string {
  if (!/\d/.test(text)) return t('control.dialNotANumber', { text });
  // Plain digits read as a number of the assumed country: say which country that was, and where to change it.
  const digits = text.replace(/\D/g, '');
  if (/^[\d\s()./-]+$/.test(text) && !digits.startsWith('00') && digits.length <= 15) {
    const name = activeTranslator().region(country) ?? country;
    return t('control.dialNotValidInCountry', { text, country: name });
  }
  return t('control.dialUnreadableNumber', { text });
}
