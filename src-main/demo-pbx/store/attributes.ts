/**
 * Attribute validation of the write methods (users, persons, companies): the zod schema, read-only
 * attributes and the checks only the store can make (references, uniqueness), all collected at once so the
 * caller gets one message per offending attribute and nothing is written.
 */
import type { z } from 'zod';
import { attributeMessages } from '../http/validation';
import type { WriteResult } from './writeResult';

export function validateAttributes<S extends z.ZodType>(
  schema: S,
  body: Record<string, unknown>,
  readOnly: readonly string[],
  storeChecks: (value: z.output<S>) => Record<string, string>,
): WriteResult<z.output<S>> {
  const writable = { ...body };
  const errors: Record<string, string> = {};
  for (const key of readOnly) {
    if (!(key in writable)) continue;
    errors[key] = `${key} is read-only`;
    delete writable[key];
  }
  const parsed = schema.safeParse(writable);
  Object.assign(errors, parsed.success ? storeChecks(parsed.data) : attributeMessages(parsed.error));
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}
