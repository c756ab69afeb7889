/**
 * What the demo's IVR learned before an inbound call reached the agent: a customer number it collected and the
 * reason chosen in the menu, on about three calls in five. Derived from the call's uniqueid rather than drawn
 * from the engine's random stream, so every other seeded sequence stays as it was.
 */
import type { CallMetadata } from '../../api/schemas';

const REASONS = ['billing', 'technical support', 'new order', 'delivery status', 'cancel contract'] as const;
const LANGUAGES = ['cs', 'en', 'sk'] as const;

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
    customer_id: `C-${String(100_000 + (value % 900_000))}`,
    reason: REASONS[(value >>> 8) % REASONS.length]!,
    ivr_language: LANGUAGES[(value >>> 16) % LANGUAGES.length]!,
  };
}
