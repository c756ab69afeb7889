/**
 * Lenient validation of PBX answers. A PBX of another version may send a field as null, add a type code or
 * drop a field: that is drift, logged once per field ("PBX field persons[].firstname drifted: expected
 * string, got null") and never fatal; the data is returned as received. Only an answer whose very shape is
 * wrong (an object where a list belongs) is an error, since no caller could use it.
 */
import type { z } from 'zod';
import type { Logger } from '../shared/logger';
import { ServerError, type RequestContext } from './errors';

type Issue = z.core.$ZodIssue;

/** At most this many new drift lines per answer, so one broken list does not flood the log. */
const MAX_REPORTS_PER_ANSWER = 5;

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describeExpected(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected;
    case 'invalid_value':
      return `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_union': {
      const branches = issue.errors.map((branch) => (branch[0] ? describeExpected(branch[0]) : 'something'));
      return [...new Set(branches)].join(' or ');
    }
    default:
      return issue.message;
  }
}

/** `[3, 'firstname']` under `persons` → `persons[].firstname`: one name for the field in every item. */
function fieldName(name: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[]` : `${text}.${String(key)}`),
    name,
  );
}

export class DriftReporter {
  private readonly reported = new Set<string>();

  constructor(private readonly logger: Logger) {}

  /** The parsed value when it matches, else the value as received (typed as the schema says) after logging. */
  parse<S extends z.ZodType>(schema: S, value: unknown, name: string, context: RequestContext): z.output<S> {
    const result = schema.safeParse(value);
    if (result.success) return result.data;

    const rootIssue = result.error.issues.find((issue) => issue.path.length === 0);
    if (rootIssue) {
      throw ServerError.unexpected(
        context,
        `expected ${describeExpected(rootIssue)} but got ${describeValue(value)}`,
      );
    }
    let reports = 0;
    for (const issue of result.error.issues) {
      if (reports >= MAX_REPORTS_PER_ANSWER) break;
      const field = fieldName(name, issue.path);
      if (this.report(field, describeExpected(issue), valueAt(value, issue.path), context)) reports++;
    }
    return value as z.output<S>;
  }

  /** Logs that `field` drifted, unless it already was; true when this was the first time. */
  report(field: string, expected: string, got: unknown, context: RequestContext): boolean {
    if (this.reported.has(field)) return false;
    this.reported.add(field);
    this.logger.warn(
      `PBX field ${field} drifted: expected ${expected}, got ${describeValue(got)} ` +
        `(${context.method} ${context.path})`,
    );
    return true;
  }
}
