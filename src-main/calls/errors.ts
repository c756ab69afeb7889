/** Refusals of the calls services, with a contract error code so a host passes them on as they are. */
import { AppError, type ErrorCode } from '../shared/contract';
import { t } from '../shared/i18n';

export class CallsError extends AppError {
  constructor(
    readonly code: Extract<ErrorCode, 'invalid-argument' | 'not-configured' | 'business-error'>,
    message: string,
  ) {
    super(message);
  }

  static noPhone(): CallsError {
    return new CallsError('not-configured', t('control.noPhone'));
  }

  static notConnected(): CallsError {
    return new CallsError('not-configured', t('control.notConnected'));
  }
}
