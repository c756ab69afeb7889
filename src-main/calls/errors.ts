/** Refusals of the calls services, with a contract error code so a host passes them on as they are. */
import { AppError, type ErrorCode } from '../shared/contract';

export class CallsError extends AppError {
  constructor(
    readonly code: Extract<ErrorCode, 'invalid-argument' | 'not-configured' | 'business-error'>,
    message: string,
  ) {
    super(message);
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
