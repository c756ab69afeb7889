/**
 * Reads a PBX answer as its zod schema declares it, so the code after the API layer can trust the types.
 * Walks the schema beside the value, for every schema alike:
 *
 * - a value that matches is kept as is;
 * - a scalar that does not is converted when that is safe (coerceScalar.ts), else replaced by its field's
 *   fallback: declared with `withFallback`, else by its type (`null` where nullable, absent where optional,
 *   the default where there is one, `""`, `false`, `[]`, `{}`, an object or tuple made of its fields'
 *   fallbacks);
 * - a field without a fallback (an id) makes its enclosing item unreadable: a list leaves that item out and
 *   keeps the others, a map leaves that entry out;
 * - objects keep the fields the schema does not know, as received.
 *
 * Every departure is reported once through `note` with where it sat (`persons[].contacts[].contact`).
 */
import { z } from 'zod';
import { declaredFallback } from '../schemas/withFallback';
import { coerceScalar } from './coerceScalar';
import { describeExpected, describeFallback } from './describeDrift';

/** What did not match, and where. */
export interface Mismatch {
  /** `persons[].contacts[].contact`: `[]` stands for any item of a list, `{}` for any entry of a map. */
  field: string;
  expected: string;
  /** As received. */
  value: unknown;
}

export interface DriftNote extends Mismatch {
  /** What was handed on instead: `converted`, `replaced by ""`, `its persons[] item left out`, … */
  outcome: string;
}

type Rejection = { ok: false; mismatch: Mismatch };
export type Reading = { ok: true; value: unknown } | Rejection;

const accepted = (value: unknown): Reading => ({ ok: true, value });

function rejected(schema: z.ZodType, value: unknown, field: string): Rejection {
  const result = schema.safeParse(value);
  const issue = result.success ? undefined : result.error.issues[0];
  return {
    ok: false,
    mismatch: { field, expected: issue ? describeExpected(issue) : 'something else', value },
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A PHP backend encodes an empty map as `[]`: where an object is declared, that is `{}`. */
const asMap = (value: unknown): unknown => (Array.isArray(value) && value.length === 0 ? {} : value);

/** Keys JSON may carry that must never become a property name of a built object. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

class DeclaredReader {
  constructor(private readonly note: (note: DriftNote) => void) {}

  /** The value as declared: kept, converted, or its field's fallback; a mismatch when none applies. */
  read(schema: z.ZodType, value: unknown, field: string): Reading {
    const reading = this.attempt(schema, value, field);
    if (reading.ok) return reading;
    const fallback = this.fallbackOf(schema);
    if (!fallback) return reading;
    const what = reading.mismatch.field === field ? '' : `${field} `;
    this.note({ ...reading.mismatch, outcome: `${what}replaced by ${describeFallback(fallback.value)}` });
    return accepted(fallback.value);
  }

  /** The value as declared without the field's own fallback: kept or converted. */
  attempt(schema: z.ZodType, value: unknown, field: string): Reading {
    const strict = schema.safeParse(value);
    return strict.success ? accepted(strict.data) : this.convert(schema, value, field);
  }

  private convert(schema: z.ZodType, value: unknown, field: string): Reading {
    if (schema instanceof z.ZodOptional) {
      return value === undefined
        ? accepted(undefined)
        : this.attempt(schema.unwrap() as z.ZodType, value, field);
    }
    if (schema instanceof z.ZodNullable) {
      return value === null ? accepted(null) : this.attempt(schema.unwrap() as z.ZodType, value, field);
    }
    if (schema instanceof z.ZodDefault) return this.attempt(schema.unwrap() as z.ZodType, value, field);
    if (schema instanceof z.ZodObject) return this.object(schema, asMap(value), field);
    if (schema instanceof z.ZodArray) return this.array(schema, value, field);
    if (schema instanceof z.ZodRecord) return this.record(schema, asMap(value), field);
    if (schema instanceof z.ZodTuple) return this.tuple(schema, value, field);
    if (schema instanceof z.ZodUnion) return this.union(schema, value, field);
    return this.scalar(schema, value, field);
  }

  private scalar(schema: z.ZodType, value: unknown, field: string): Reading {
    const rejection = rejected(schema, value, field);
    const coerced = coerceScalar(schema, value);
    const strict = coerced && schema.safeParse(coerced.value);
    if (!strict?.success) return rejection;
    this.note({ ...rejection.mismatch, outcome: 'converted' });
    return accepted(strict.data);
  }

  private object(schema: z.ZodObject, value: unknown, field: string): Reading {
    if (!isPlainObject(value)) return rejected(schema, value, field);
    const shape = schema.shape as Record<string, z.ZodType>;
    const built: Record<string, unknown> = {};
    for (const [key, fieldSchema] of Object.entries(shape)) {
      const reading = this.read(fieldSchema, value[key], `${field}.${key}`);
      if (!reading.ok) return reading;
      if (reading.value !== undefined) built[key] = reading.value;
      else if (fieldSchema._zod.optin !== 'optional') built[key] = this.missingValue(`${field}.${key}`);
    }
    if (schema._zod.def.catchall instanceof z.ZodUnknown) {
      for (const [key, extra] of Object.entries(value)) {
        if (!Object.hasOwn(shape, key) && !UNSAFE_KEYS.has(key)) built[key] = extra;
      }
    }
    return this.checked(schema, built, field);
  }

  /** A field the API lists with an open type (`z.unknown()`) must still be there: absent, it reads as null. */
  private missingValue(field: string): null {
    this.note({ field, expected: 'a value', value: undefined, outcome: 'replaced by null' });
    return null;
  }

  private array(schema: z.ZodArray, value: unknown, field: string): Reading {
    if (!Array.isArray(value)) return rejected(schema, value, field);
    const items: unknown[] = [];
    for (const item of value) {
      // An item is read or left out, never made up from fallbacks: one odd item must not hide as a blank one.
      const reading = this.attempt(schema.element as z.ZodType, item, `${field}[]`);
      if (reading.ok) items.push(reading.value);
      else this.note({ ...reading.mismatch, outcome: `its ${field}[] item left out` });
    }
    return this.checked(schema, items, field);
  }

  private record(schema: z.ZodRecord, value: unknown, field: string): Reading {
    if (!isPlainObject(value)) return rejected(schema, value, field);
    const entries: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (UNSAFE_KEYS.has(key) || !(schema.keyType as z.ZodType).safeParse(key).success) continue;
      const reading = this.attempt(schema.valueType as z.ZodType, entry, `${field}{}`);
      if (reading.ok) entries[key] = reading.value;
      else this.note({ ...reading.mismatch, outcome: `its ${field}{} entry left out` });
    }
    return this.checked(schema, entries, field);
  }

  private tuple(schema: z.ZodTuple, value: unknown, field: string): Reading {
    if (!Array.isArray(value)) return rejected(schema, value, field);
    const built: unknown[] = [];
    for (const [index, itemSchema] of schema._zod.def.items.entries()) {
      const reading = this.read(itemSchema as z.ZodType, value[index], `${field}[${index}]`);
      if (!reading.ok) return reading;
      built.push(reading.value);
    }
    return this.checked(schema, built, field);
  }

  private union(schema: z.ZodUnion, value: unknown, field: string): Reading {
    for (const option of schema.options as readonly z.ZodType[]) {
      const reading = this.attempt(option, value, field);
      if (reading.ok) return reading;
    }
    return rejected(schema, value, field);
  }

  /** A container built from read parts still passes its own checks (refinements, lengths). */
  private checked(schema: z.ZodType, built: unknown, field: string): Reading {
    if (!schema._zod.def.checks?.length) return accepted(built);
    const strict = schema.safeParse(built);
    return strict.success ? accepted(strict.data) : rejected(schema, built, field);
  }

  /** The field's fallback, or undefined when the schema has none (its item is then left out). */
  private fallbackOf(schema: z.ZodType): { value: unknown } | undefined {
    const declared = declaredFallback(schema);
    if (declared) return declared;
    if (schema instanceof z.ZodNullable) return { value: null };
    if (schema instanceof z.ZodOptional) return { value: undefined };
    if (schema instanceof z.ZodDefault) return this.fromNothing(schema, undefined);
    if (schema instanceof z.ZodString) return this.fromNothing(schema, '');
    if (schema instanceof z.ZodBoolean) return { value: false };
    if (schema instanceof z.ZodArray) return this.fromNothing(schema, []);
    if (schema instanceof z.ZodRecord) return this.fromNothing(schema, {});
    if (schema instanceof z.ZodObject) return this.fromNothing(schema, {});
    if (schema instanceof z.ZodTuple) return this.fromNothing(schema, []);
    if (schema instanceof z.ZodUnion) {
      for (const option of schema.options as readonly z.ZodType[]) {
        const fallback = this.fallbackOf(option);
        if (fallback && schema.safeParse(fallback.value).success) return fallback;
      }
    }
    return undefined;
  }

  /** The schema read from an empty value, each field taking its own fallback; nothing is reported. */
  private fromNothing(schema: z.ZodType, empty: unknown): { value: unknown } | undefined {
    const reading = silentReader.attempt(schema, empty, '');
    return reading.ok ? { value: reading.value } : undefined;
  }
}

const silentReader = new DeclaredReader(() => {});

/**
 * `value` as `schema` declares it. The answer itself takes no fallback: when it cannot be read (an object
 * where a list belongs, a record without its id) the mismatch is returned for the caller to refuse it.
 */
export function readAsDeclared(
  schema: z.ZodType,
  value: unknown,
  name: string,
  note: (note: DriftNote) => void,
): Reading {
  return new DeclaredReader(note).attempt(schema, value, name);
}
