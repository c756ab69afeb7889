/**
 * Building blocks shared by the PBX resource schemas. Objects are `looseObject`: the PBX may add fields in
 * later versions, and the client keeps what it does not know rather than failing. A drifted number has no
 * fallback unless the schema gives it one (withFallback.ts): an id or a state code without one makes its
 * item unreadable, a count or a duration reads as 0.
 */
import { z } from 'zod';
import { withFallback } from './withFallback';

export const Int = z.number().int();
export const Id = z.number().int().nonnegative();
/** A count, a duration in whole seconds or a code the app only shows: 0 when the PBX sends no number. */
export const IntOrZero = withFallback(Int, 0);
/** A measure with a fraction (seconds, a price, a share): 0 when the PBX sends no number. */
export const NumberOrZero = withFallback(z.number(), 0);
/** The id of a related record the app shows or keeps but never looks up: 0 (no such record) when unreadable. */
export const IdOrZero = withFallback(Id, 0);
/** `null` or an unspecified value: the API leaves several fields' types open. */
export const Unknown = z.unknown();

/** One field of the same schema for each name of a list, e.g. a boolean per permission. */
export function fieldPerName<const N extends string, S extends z.ZodType>(
  names: readonly N[],
  schema: S,
): Record<N, S> {
  return Object.fromEntries(names.map((name) => [name, schema])) as Record<N, S>;
}

/** The common response envelope: `{ success, data }`, with `total` only on paginated lists. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.looseObject({ success: z.boolean(), data, total: Int.optional(), error: z.string().optional() });
}

/**
 * The envelope of a failed request: business errors (HTTP 2XX), and the 4XX answers whose body the API
 * leaves open and our decisions give the same envelope (docs/pbx-api.md, Errors and envelope).
 */
export const FailureEnvelope = z.looseObject({
  success: z.literal(false),
  data: z.unknown(),
  error: z.string().optional(),
});
export type FailureEnvelope = z.infer<typeof FailureEnvelope>;

/**
 * Selects the agent's phone for the call-control endpoints: either `identifier`, or `extension` with an
 * optional `partition` (default 1).
 */
export const PhoneSelector = z.union([
  z.strictObject({ identifier: z.string().trim().min(1, 'identifier must not be empty') }),
  z.strictObject({
    extension: z.string().trim().min(1, 'extension must not be empty'),
    partition: Id.min(1).optional(),
  }),
]);
export type PhoneSelector = z.infer<typeof PhoneSelector>;

/** `path=0/1` style flags of the query string. */
export const QueryFlag = z.enum(['0', '1']);

/** Pagination of the persons and companies lists. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;
