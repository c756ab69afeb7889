/**
 * Reading of PBX answers that tolerates drift and still hands on only the declared types. A PBX of another
 * version may send a field as null, a number as text, add a type code or drop a field: each such field is
 * converted or replaced by its fallback, or its item is left out of its list (drift/readAsDeclared.ts), and
 * logged once per field and session ("PBX field persons[].firstname drifted: expected string, got null;
 * replaced by """). Only an answer that cannot be read at all (an object where a list belongs, a record
 * without its id) is an error, since no caller could use it.
 */
import type { z } from 'zod';
import type { Logger } from '../shared/logger';
import { describeValue } from './drift/describeDrift';
import { readAsDeclared, type DriftNote } from './drift/readAsDeclared';
import { ServerError, type RequestContext } from './errors';

/** At most this many new drift lines per answer, so one broken list does not flood the log. */
const MAX_REPORTS_PER_ANSWER = 5;

export class DriftReporter {
  private readonly reported = new Set<string>();

  constructor(private readonly logger: Logger) {}

  /** The answer as `schema` declares it (see readAsDeclared); a ServerError when it cannot be read at all. */
  parse<S extends z.ZodType>(schema: S, value: unknown, name: string, context: RequestContext): z.output<S> {
    const strict = schema.safeParse(value);
    if (strict.success) return strict.data;

    let reports = 0;
    const note = (drift: DriftNote) => {
      if (reports >= MAX_REPORTS_PER_ANSWER) return;
      if (this.report(drift.field, drift.expected, drift.value, context, drift.outcome)) reports++;
    };
    const reading = readAsDeclared(schema, value, name, note);
    if (reading.ok) return reading.value as z.output<S>;

    const { field, expected, value: got } = reading.mismatch;
    const where = field === name ? '' : ` at ${field}`;
    throw ServerError.unexpected(context, `expected ${expected}${where} but got ${describeValue(got)}`);
  }

  /** Logs that `field` drifted, unless it already was; true when this was the first time. */
  report(field: string, expected: string, got: unknown, context: RequestContext, outcome?: string): boolean {
    if (this.reported.has(field)) return false;
    this.reported.add(field);
    this.logger.warn(
      `PBX field ${field} drifted: expected ${expected}, got ${describeValue(got)}` +
        `${outcome ? `; ${outcome}` : ''} (${context.method} ${context.path})`,
    );
    return true;
  }
}
