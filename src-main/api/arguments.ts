/**
 * Arguments checked before anything is sent. Every value that becomes part of a path is validated and
 * `encodeURIComponent`'d here, so no caller can reach another endpoint through it.
 */
import type { z } from 'zod';
import { InvalidArgument } from './errors';
import { t } from '../shared/i18n';
import { Id, SharedDataId, UniqueId } from './schemas';

/** The value as the schema outputs it, or an InvalidArgument naming what was wrong. */
export function checkArgument<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new InvalidArgument(
      t('pbx.argumentInvalid', {
        what,
        field: issue?.path.join('.') ?? '',
        hasField: Boolean(issue && issue.path.length > 0),
        problem: issue?.message ?? t('pbx.argumentInvalidShort'),
      }),
    );
  }
  return result.data;
}

// ---- Path segments ------------------------------------------------------------------------------------

/** A numeric id (user, queue, person, company): a non-negative integer. */
export function idSegment(value: number, what: string): string {
  if (!Id.safeParse(value).success) {
    throw new InvalidArgument(t('pbx.idInvalid', { what, value: String(value) }));
  }
  return String(value);
}

/** A call's unique id, `<unix start>.<sequence>`. */
export function uniqueIdSegment(value: string): string {
  return encodeURIComponent(checkArgument(UniqueId, value, 'call uniqueid'));
}

export function sharedIdSegment(value: string): string {
  return encodeURIComponent(checkArgument(SharedDataId, value, 'shared data identifier'));
}

/**
 * Free text in a path (external ids, user names). `.` and `..` are refused because URL parsers resolve
 * them even when encoded, which would address a different endpoint.
 */
export function textSegment(value: string, what: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 255) {
    throw new InvalidArgument(t('pbx.textSegmentLength', { what }));
  }
  if (value === '.' || value === '..') {
    throw new InvalidArgument(t('pbx.textSegmentDots', { what, value }));
  }
  return encodeURIComponent(value);
}
