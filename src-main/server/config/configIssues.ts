/**
 * Words the problems zod finds in the configuration file, each as `field: problem` with the field's path in
 * the file (`pbx.secretFile`, `admins.pbxGroupIds.1`), in the server's language. Custom checks carry a
 * catalogue key as their message (serverConfigSchema.ts).
 */
import type { z } from 'zod';
import { t, type MessageKey } from '../../shared/i18n';

export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || '(file)';
}

export function fieldProblem(field: string, problem: string): string {
  return t('serverConfig.field', { field, problem });
}

/** `input` is the parsed file: a field absent there is reported as required, not as of the wrong type. */
export function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const field = fieldPath(issue.path);
  return fieldProblem(field, problemOf(issue, input));
}

function problemOf(issue: z.core.$ZodIssue, input: unknown): string {
  if (isConfigKey(issue.message)) return t(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined
        ? t('serverConfig.required')
        : t('serverConfig.wrongType', { expected: issue.expected });
    case 'unrecognized_keys':
      return t('serverConfig.unknownFields', { count: issue.keys.length, names: issue.keys.join(', ') });
    case 'too_small':
      return t('serverConfig.tooSmall', { origin: issue.origin, minimum: Number(issue.minimum) });
    case 'too_big':
      return t('serverConfig.tooBig', { origin: issue.origin, maximum: Number(issue.maximum) });
    case 'invalid_value':
      return t('serverConfig.oneOf', { values: issue.values.map(String).join(', ') });
    default:
      return t('serverConfig.invalid');
  }
}

function isConfigKey(message: string): message is MessageKey {
  return message.startsWith('serverConfig.');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
