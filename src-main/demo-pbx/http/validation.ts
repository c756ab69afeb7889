/**
 * Input validation with the zod schemas of src-main/api/schemas: every message names the field it is about,
 * e.g. `contacts[0].type: contact type must be 0 (general), 1 (phone), 2 (e-mail) or 3 (web)`.
 */
import type { z } from 'zod';
import { badRequest } from './envelope';

type Issue = z.core.$ZodIssue;

/** `['contacts', 0, 'type']` → `contacts[0].type`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** One `{path, message}` per problem; unknown keys become one entry each. */
function flatten(issues: readonly Issue[]): { path: string; message: string }[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: formatPath([...issue.path, key]),
        message: 'unknown attribute',
      }));
    }
    const path = formatPath(issue.path);
    // zod says "expected string, received undefined"; people say "is required".
    const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
    return [
      { path, message: missing ? `${String(issue.path.at(-1) ?? 'value')} is required` : issue.message },
    ];
  });
}

/** All problems in one sentence, each prefixed with the field it concerns. */
export function describeIssues(error: z.ZodError, subject = 'body'): string {
  return flatten(error.issues)
    .map(({ path, message }) => `${path || subject}: ${message}`)
    .join('; ');
}

/**
 * Per-attribute messages for the business error of a refused write (`data: {attribute: message}`). Deeper
 * problems are reported on their top-level attribute, with the rest of the path in the message.
 */
export function attributeMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const { path, message } of flatten(error.issues)) {
    const attribute = /^[^.[]*/.exec(path)?.[0] || 'body';
    const detail = path.length > attribute.length ? `${path}: ${message}` : message;
    messages[attribute] = messages[attribute] ? `${messages[attribute]}; ${detail}` : detail;
  }
  return messages;
}

/** Parses or throws a 400 whose message names each offending field. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, subject = 'body'): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssues(result.error, subject));
  return result.data;
}

/** A path id: digits only, within int32. Anything else is a 400 naming the parameter. */
export function parseId(value: string | undefined, name: string): number {
  if (value === undefined || !/^\d{1,9}$/.test(value))
    throw badRequest(`${name} must be a non-negative integer`);
  return Number(value);
}

/** Bodies of write methods must be JSON objects; arrays, strings and null are refused with a 400. */
export function requireObject(body: unknown, subject = 'body'): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest(`${subject} must be a JSON object`);
  }
  return body as Record<string, unknown>;
}
