/**
 * The value a field of a PBX answer takes when the PBX sends something that is not of the declared type and
 * cannot be converted safely (see docs/pbx-api.md, Decisions where the API is silent ▸ Lenient reading and
 * drift). Strings, booleans, lists, maps and nullable fields have one by their type (`""`, `false`, `[]`,
 * `{}`, `null`); numbers have none, so a schema says per field which may read as a stand-in (a count as 0)
 * and which may not (an id: its item is left out instead).
 *
 * The declaration is metadata beside the schema: validation with the schema itself stays as strict as it
 * was, so the same schemas still check requests strictly.
 */
import type { z } from 'zod';

const declared = new WeakMap<z.ZodType, { value: unknown }>();

/** A copy of `schema` whose unreadable values are read as `value` (which must pass `schema`). */
export function withFallback<S extends z.ZodType>(schema: S, value: z.output<S>): S {
  const copy = schema.clone() as S;
  declared.set(copy, { value });
  return copy;
}

/** The fallback declared for exactly this schema with `withFallback`, if any. */
export function declaredFallback(schema: z.ZodType): { value: unknown } | undefined {
  return declared.get(schema);
}
