/** Call metadata updates are differential: passed keys are set, absent keys stay, a null deletes its key. */
import type { CallMetadata } from '../../api/schemas';

export function mergeMetadata(current: CallMetadata, update: CallMetadata): CallMetadata {
  const merged = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(update)) {
    if (value === null) merged.delete(key);
    else merged.set(key, value);
  }
  // fromEntries defines own properties, so a key such as "__proto__" stays data and never a prototype.
  return Object.fromEntries(merged);
}
