/** Refusals of the queue services, with a contract error code so a host passes them on as they are. */
import { AppError, type ErrorCode } from '../../shared/contract';
import { t } from '../../shared/i18n';

export class QueuesError extends AppError {
  constructor(
    readonly code: Extract<ErrorCode, 'invalid-argument' | 'not-configured' | 'permission-denied'>,
    message: string,
  ) {
    super(message);
  }

  static notConnected(): QueuesError {
    return new QueuesError('not-configured', t('control.notConnected'));
  }

  static noAgent(): QueuesError {
    return new QueuesError('not-configured', t('control.queuesNoAgent'));
  }

  static notMember(queueId: number): QueuesError {
    return new QueuesError('invalid-argument', t('control.queuesNotMember', { queueId }));
  }

  static alreadyMember(queueId: number): QueuesError {
    return new QueuesError('invalid-argument', t('control.queuesAlreadyMember', { queueId }));
  }

  static joinLeaveOff(): QueuesError {
    return new QueuesError('permission-denied', t('control.queuesJoinLeaveOff'));
  }
}
