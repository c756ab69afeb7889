/**
 * The response envelope of the PBX API and the errors that become one. 401, 403, 404 and 400 carry
 * `{success: false, data: null, error}`; business errors are the same at HTTP 200 (see docs/pbx-api.md
 * (Errors and envelope)).
 */
import type { WriteResult } from '../store/writeResult';

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  total?: number;
}

export interface FailureEnvelope {
  success: false;
  data: unknown;
  error: string;
}

export function ok<T>(data: T): SuccessEnvelope<T> {
  return { success: true, data };
}

/** An expected (business) failure: HTTP 200, `success: false`, a message and optionally an object in data. */
export function businessError(error: string, data: unknown = null): FailureEnvelope {
  return { success: false, data, error };
}

/** A write's result: its value, or the business error of a refused write (one message per attribute). */
export function writeResponse<T>(result: WriteResult<T>, what: string): SuccessEnvelope<T> | FailureEnvelope {
  if (result.ok) return ok(result.value);
  return businessError(`Invalid ${what} attributes: ${Object.keys(result.errors).join(', ')}`, result.errors);
}

/** An error with an HTTP status; the error handler turns it into the failure envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
