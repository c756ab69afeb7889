/**
 * The contract's one error vocabulary. Every failure main reports to a window is an `IpcError`: a stable code
 * the renderer words (and branches on), optional parameters for that wording, and main's own sentence kept as
 * detail. Errors thrown inside main that carry one of these codes reach the window as they are; anything else
 * is reported as `internal` and its details go to the log only.
 */
import { z } from 'zod';
import { t } from '../i18n/activeLocale';

export const ErrorCodeSchema = z.enum([
  'invalid-argument',
  'unknown-command',
  'forbidden-sender',
  /** The team server's policy does not let this agent do this (src-main/server/policy/); says what and why. */
  'forbidden',
  'not-configured',
  'auth-failed',
  'not-found',
  'permission-denied',
  'business-error',
  'validation-failed',
  'network-error',
  'timeout',
  'server-error',
  /** The disk holding a local store is full; nothing was deleted. */
  'cache-full',
  /** A local store could not be opened (permissions, a folder in the way…). */
  'cache-unavailable',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Values a message may quote: a field name, an HTTP status, a reason code. Never a secret. */
export type ErrorParams = Readonly<Record<string, string | number | boolean>>;

export interface IpcError {
  code: ErrorCode;
  /** Main's sentence, specific to this failure (English; shown as detail under the renderer's wording). */
  message: string;
  params?: ErrorParams;
}

/** Every command resolves to this envelope, so errors keep their code across process boundaries. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/**
 * The base of every error main means a window to see. Subclasses fix the code; `params` carry what the
 * renderer's wording may quote.
 */
export abstract class AppError extends Error {
  abstract readonly code: ErrorCode;

  constructor(
    message: string,
    readonly params?: ErrorParams,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  /** The shape sent to a window: no stack, no cause. */
  toJSON(): IpcError {
    const shape: IpcError = { code: this.code, message: this.message };
    return this.params ? { ...shape, params: this.params } : shape;
  }
}

/** A sentence for a person from any failure: a coded error's own message, else a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof AppError) return error.message;
  if (error instanceof Error && 'code' in error && ErrorCodeSchema.safeParse(error.code).success) {
    return error.message;
  }
  return t('validation.requestFailed');
}

/** Any failure as a window receives it: a coded error as it is, anything else `internal` with a generic sentence. */
export function asIpcError(error: unknown): IpcError {
  return error instanceof AppError ? error.toJSON() : { code: 'internal', message: errorMessage(error) };
}

/** The text of any failure, for logs and for messages that quote what went wrong underneath. */
export function failureDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
