/**
 * The call's context as the pop card and the Calls screen list it (docs/caller-context.md): the call's data
 * (what an IVR or voicebot attached) and its metadata, as short key/value text; the keys the agent named in
 * Settings first, in that order; a long value folded to its start, with the whole kept for "show all".
 */

export interface ContextEntry {
  key: string;
  /** The value as text (JSON for anything but a string), whole. */
  value: string;
  /** Its first CONTEXT_FOLD_AT characters and "…" when longer; else the value. */
  short: string;
  folded: boolean;
}

export const CONTEXT_FOLD_AT = 120;
/** At most this many keys in Settings' "show first" list. */
export const CONTEXT_FIRST_KEYS_MAX = 20;

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/**
 * Data and metadata as one list (a metadata value replaces the data's of the same key: it is the newer),
 * the `firstKeys` present first in their order, the rest in the order they came.
 */
export function callContextEntries(
  data: Readonly<Record<string, unknown>>,
  metadata: Readonly<Record<string, unknown>> | null,
  firstKeys: readonly string[] = [],
): ContextEntry[] {
  const merged = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) merged.set(key, asText(value));
  for (const [key, value] of Object.entries(metadata ?? {})) merged.set(key, asText(value));
  const first = firstKeys.filter((key, index) => merged.has(key) && firstKeys.indexOf(key) === index);
  const rest = [...merged.keys()].filter((key) => !first.includes(key));
  return [...first, ...rest].map((key) => entry(key, merged.get(key)!));
}

function entry(key: string, value: string): ContextEntry {
  const folded = value.length > CONTEXT_FOLD_AT;
  return { key, value, short: folded ? `${value.slice(0, CONTEXT_FOLD_AT)}…` : value, folded };
}

/** "customer_id, reason" as typed in Settings: the keys, trimmed, without empties or repeats. */
export function parseContextKeys(text: string): string[] {
  const keys = text
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  return [...new Set(keys)];
}
