/** Refusals of the calls services, with a contract error code so the IPC layer passes them on as they are. */
import type { ErrorCode } from '../shared/contract';

export class CallsError extends Error {
  constructor(
    readonly code: Extract<ErrorCode, 'invalid-argument' | 'not-configured' | 'business-error'>,
    message: string,
  ) {
    super(message);
    this.name = 'CallsError';
  }

  static noPhone(): CallsError {
    return new CallsError(
      'not-configured',
      'Ringside does not know your phone yet. Choose it in Settings, then try again.',
    );
  }

  static notConnected(): CallsError {
    return new CallsError('not-configured', 'Ringside is not connected to a PBX. Set one up in Settings.');
  }
}

/** A message for people from any failure: PbxErrors and CallsErrors carry one; anything else is generic. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.message === 'string') return error.message;
  return 'The request failed unexpectedly; the details are in the log file.';
}
