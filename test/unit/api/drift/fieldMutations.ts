/**
 * Every field of a schema, at any depth, and a copy of an example with one of them drifted: set to a value
 * of each JSON type, or left out. The fields come from the schema, so a field added to it is tested too.
 */
import { z } from 'zod';

export type PathSegment = string | number;

export interface FieldPath {
  /** Keys and list indexes into the example: `['contacts', 0, 'contact']`. */
  path: PathSegment[];
  /** The name drift log lines use for it below the answer's name: `.contacts[].contact`. */
  field: string;
}

/** One value of each JSON type (a text that spells no number or boolean), and `undefined` for "left out". */
export const DRIFTED_VALUES = {
  string: 'drifted',
  number: 42.5,
  integer: 42,
  boolean: true,
  null: null,
  array: ['drifted'],
  object: { drifted: true },
  missing: undefined,
} as const;

export type DriftKind = keyof typeof DRIFTED_VALUES;

function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner;
}

/** The fields of `schema` as `exampleOf` fills them: lists by their first item, maps by their one entry. */
export function fieldPaths(schema: z.ZodType, example: unknown): FieldPath[] {
  const paths: FieldPath[] = [];
  const visit = (current: z.ZodType, value: unknown, path: PathSegment[], field: string) => {
    const inner = unwrap(current);
    const children: [z.ZodType, PathSegment, string][] = [];
    if (inner instanceof z.ZodObject) {
      for (const [key, child] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
        children.push([child, key, `.${key}`]);
      }
    } else if (inner instanceof z.ZodArray) {
      children.push([inner.element as z.ZodType, 0, '[]']);
    } else if (inner instanceof z.ZodRecord) {
      for (const key of Object.keys(value ?? {})) children.push([inner.valueType as z.ZodType, key, '{}']);
    } else if (inner instanceof z.ZodTuple) {
      inner._zod.def.items.forEach((item, index) => children.push([item as z.ZodType, index, `[${index}]`]));
    } else if (inner instanceof z.ZodUnion) {
      return visit(inner.options[0] as z.ZodType, value, path, field);
    }
    for (const [child, key, name] of children) {
      const childPath = [...path, key];
      paths.push({ path: childPath, field: `${field}${name}` });
      visit(child, (value as Record<PathSegment, unknown> | undefined)?.[key], childPath, `${field}${name}`);
    }
  };
  visit(schema, example, [], '');
  return paths;
}

export function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<PathSegment, unknown>)?.[key], root);
}

/** A deep copy of `example` with the value at `path` replaced by `value`, or removed when it is undefined. */
export function drifted(example: unknown, path: readonly PathSegment[], value: unknown): unknown {
  if (path.length === 0) return structuredClone(value);
  const copy = structuredClone(example);
  const parent = valueAt(copy, path.slice(0, -1)) as Record<PathSegment, unknown>;
  const key = path.at(-1)!;
  if (value === undefined && !Array.isArray(parent)) delete parent[key];
  else parent[key] = structuredClone(value);
  return copy;
}
