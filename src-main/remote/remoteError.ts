/**
 * The failures of the desktop's link to a team server, in the contract's error vocabulary: the server cannot
 * be reached (`network-error`), this computer's session is gone (`auth-failed`), an enrollment link is not one
 * or was refused (`invalid-argument`, `auth-failed`), a sign-in in the browser not finished in time (`timeout`). `params.transport` tells them from the PBX's own errors.
 */
import { AppError, type ErrorCode, type ErrorParams, type IpcResult } from '../shared/contract';
import { t } from '../shared/i18n';

export const TEAM_SERVER_PARAMS = { transport: 'team-server' } as const;

export class RemoteError extends AppError {
  constructor(
    readonly code: Extract<ErrorCode, 'network-error' | 'auth-failed' | 'invalid-argument' | 'timeout'>,
    message: string,
    params: ErrorParams = TEAM_SERVER_PARAMS,
    options?: { cause?: unknown },
  ) {
    super(message, params, options);
  }
}

export const unreachable = (): RemoteError =>
  new RemoteError('network-error', t('errors.teamServerUnreachable'));
export const signedOut = (): RemoteError => new RemoteError('auth-failed', t('errors.teamServerSignedOut'));
export const lostDuringCommand = (): RemoteError =>
  new RemoteError('network-error', t('errors.teamServerLostDuringCommand'));

/** The error as a command's result. */
export const failed = (error: RemoteError): IpcResult<never> => ({ ok: false, error: error.toJSON() });
