/** Refusals of the queue services, with a contract error code so a host passes them on as they are. */
import { AppError, type ErrorCode } from '../../shared/contract';

export class QueuesError extends AppError {
  constructor(
    readonly code: Extract<ErrorCode, 'invalid-argument' | 'not-configured' | 'permission-denied'>,
    message: string,
  ) {
    super(message);
  }

  static notConnected(): QueuesError {
    return new QueuesError('not-configured', 'Ringside is not connected to a PBX. Set one up in Settings.');
  }

  static noAgent(): QueuesError {
    return new QueuesError(
      'not-configured',
      'Ringside does not know your PBX user yet. Enter your agent username in Settings.',
    );
  }

  static notMember(queueId: number): QueuesError {
    return new QueuesError('invalid-argument', `You are not a member of queue ${queueId}.`);
  }

  static alreadyMember(queueId: number): QueuesError {
    return new QueuesError('invalid-argument', `You are already a member of queue ${queueId}.`);
  }

  static joinLeaveOff(): QueuesError {
    return new QueuesError(
      'permission-denied',
      'Joining and leaving queues is turned off. Your supervisor decides your queues; the setting is on the My queues screen.',
    );
  }
}
