/**
 * A valid, complete example of a response schema, made from the schema itself: every optional field present,
 * every list with two items, every map with one entry. Fixtures built this way follow the schemas as they
 * change, so a test that goes over "every field" cannot miss a new one.
 */
import { z } from 'zod';

/** Where the text, number and boolean of a field come from, so two examples can differ. */
export interface ExampleSeed {
  text: string;
  number: number;
}

const DEFAULT_SEED: ExampleSeed = { text: 'text', number: 1 };

function build(schema: z.ZodType, seed: ExampleSeed): unknown {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return build(schema.unwrap() as z.ZodType, seed);
  }
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, build(field, seed)]));
  }
  if (schema instanceof z.ZodArray) {
    const element = schema.element as z.ZodType;
    return [build(element, seed), build(element, { text: `${seed.text}-2`, number: seed.number + 1 })];
  }
  if (schema instanceof z.ZodRecord) return { key: build(schema.valueType as z.ZodType, seed) };
  if (schema instanceof z.ZodTuple) {
    return schema._zod.def.items.map((item) => build(item as z.ZodType, seed));
  }
  if (schema instanceof z.ZodUnion) return build(schema.options[0] as z.ZodType, seed);
  if (schema instanceof z.ZodLiteral) return [...schema.values][0];
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodString) return seed.text;
  if (schema instanceof z.ZodNumber) return seed.number;
  if (schema instanceof z.ZodBoolean) return true;
  if (schema instanceof z.ZodUnknown) return { free: seed.text };
  throw new Error(`exampleOf: no example for a ${schema.constructor.name}`);
}

/** A complete example of `schema`; throws when it does not pass the schema (a bad seed for its checks). */
export function exampleOf<S extends z.ZodType>(schema: S, seed: Partial<ExampleSeed> = {}): z.output<S> {
  return schema.parse(build(schema, { ...DEFAULT_SEED, ...seed }));
}
