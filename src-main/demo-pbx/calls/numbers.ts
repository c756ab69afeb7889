/** Numbers as the PBX dials and presents them. */
import { normalizeNumber } from '../../shared/numbers';

/** What a PBX can dial once the visual separators are gone: digits, a leading `+`, `*` and `#`. */
const DIALABLE = /^\+?[0-9*#]{1,32}$/;

/**
 * The dial string of `raw` (`+420 777 123 456` → `+420777123456`, `+44 (0)20 7946 0958` → `+442079460958`),
 * or null when it is not something a phone can dial.
 */
export function dialString(raw: string): string | null {
  const trimmed = raw.trim();
  const withoutTrunkZero = trimmed.startsWith('+') ? trimmed.replace(/\(\s*0\s*\)/g, '') : trimmed;
  const compact = withoutTrunkZero.replace(/[\s().\-/]/g, '');
  return DIALABLE.test(compact) ? compact : null;
}

/** The normalised form of a dial string: E.164 for public numbers, the digits for internal ones. */
export function normalizedNumber(dialled: string, defaultCountry: string): string {
  const normalized = normalizeNumber(dialled, defaultCountry);
  return normalized?.e164 ?? normalized?.internal ?? dialled;
}
