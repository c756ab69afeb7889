/** Words for drift log lines and errors: what a schema expected and what the PBX sent (its JSON type only). */
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** The JSON type of a value, never the value itself (it may be a phone number or a name). */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export function describeExpected(issue: Issue): string {
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

/** A stand-in value for a log line: short constants as JSON, anything larger by its type. */
export function describeFallback(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length <= 12 ? text : `an empty ${describeValue(value)}`;
}
