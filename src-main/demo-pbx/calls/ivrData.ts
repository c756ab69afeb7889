/**
 * What the demo's IVR learned before an inbound call reached the agent: a customer number it collected and the
 * reason chosen in the menu, on about three calls in five. Derived from the call's uniqueid rather than drawn
 * from the engine's random stream, so every other seeded sequence stays as it was.
 */
import type { CallMetadata } from '../../api/schemas';

/**
 * The IVR is the (Czech) organisation's own, so are its keys and words: keys as a dialplan writes them (ASCII,
 * usable in a CRM template's `{data.KEY}`), values as the menu says them.
 */
export const IVR_KEYS = { customer: 'cislo_zakaznika', reason: 'duvod', language: 'jazyk' } as const;
const REASONS = [
  'fakturace',
  'technická podpora',
  'nová objednávka',
  'stav doručení',
  'zrušení smlouvy',
] as const;
const LANGUAGES = ['čeština', 'angličtina', 'slovenština'] as const;

/** FNV-1a: a stable spread of the uniqueid's characters. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The IVR's data for an inbound call, or {} for the calls that skipped it. */
export function demoIvrData(uniqueid: string): CallMetadata {
  const value = hash(uniqueid);
  if (value % 5 >= 3) return {};
  return {
    [IVR_KEYS.customer]: `C-${String(100_000 + (value % 900_000))}`,
    [IVR_KEYS.reason]: REASONS[(value >>> 8) % REASONS.length]!,
    [IVR_KEYS.language]: LANGUAGES[(value >>> 16) % LANGUAGES.length]!,
  };
}
