/**
 * The conversions of a drifted scalar that cannot change its meaning: a number where text is declared
 * becomes its decimal text, a numeric text where a number (or a numeric code) is declared becomes that
 * number, and `"true"`/`"false"`/`1`/`0` where a boolean is declared become that boolean. Anything else is
 * not converted (the caller then uses the field's fallback or leaves its item out).
 */
import { z } from 'zod';

const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/** `1e21` → `"1000000000000000000000"`: integers in full, never in exponent notation. */
function decimalText(value: number): string {
  return Number.isInteger(value) ? BigInt(value).toString() : String(value);
}

function numberFrom(value: unknown): number | undefined {
  if (typeof value === 'string' && NUMERIC_TEXT.test(value)) return Number(value);
  return undefined;
}

function textFrom(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? decimalText(value) : undefined;
}

const BOOLEANS = new Map<unknown, boolean>([
  ['true', true],
  ['false', false],
  [1, true],
  [0, false],
  ['1', true],
  ['0', false],
]);

/** For a literal or enum: the value of the declared kind that `value` spells, e.g. `"2"` for a literal 2. */
function codeFrom(allowed: Iterable<unknown>, value: unknown): unknown {
  for (const candidate of allowed) {
    if (typeof candidate === 'number' && numberFrom(value) === candidate) return candidate;
    if (typeof candidate === 'string' && textFrom(value) === candidate) return candidate;
  }
  return undefined;
}

/** The converted value, or undefined when `schema` is no scalar or `value` has no safe conversion. */
export function coerceScalar(schema: z.ZodType, value: unknown): { value: unknown } | undefined {
  let converted: unknown;
  if (schema instanceof z.ZodString) converted = textFrom(value);
  else if (schema instanceof z.ZodNumber) converted = numberFrom(value);
  else if (schema instanceof z.ZodBoolean) converted = BOOLEANS.get(value);
  else if (schema instanceof z.ZodLiteral) converted = codeFrom(schema.values, value);
  else if (schema instanceof z.ZodEnum) converted = codeFrom(schema.options, value);
  return converted === undefined ? undefined : { value: converted };
}
