/**
 * The failures of the desktop's link to a team server, in the contract's error vocabulary: the server cannot
 * be reached (`network-error`), this computer's session is gone (`auth-failed`), an enrollment link is not one
 * or was refused (`invalid-argument`, `auth-failed`), a sign-in in the browser not finished in time (`timeout`).
 * `params.transport` tells them from the PBX's own errors; a server whose certificate this computer does not
 * trust is a `network-error` with `params.failure === 'certificate'` (and `params.reason`), so a window can
 * offer to trust the certificate.
 */
import { AppError, type ErrorCode, type ErrorParams, type IpcResult } from '../shared/contract';
import { t } from '../shared/i18n';
import { readNetworkFailure } from '../shared/networkFailure';

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

/** OpenSSL's (and Node's) verdicts on a certificate, grouped as the sentence words them. */
const CERTIFICATE_REASONS: Readonly<Record<string, string>> = {
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'selfSigned',
  SELF_SIGNED_CERT_IN_CHAIN: 'selfSigned',
  UNABLE_TO_GET_ISSUER_CERT: 'unknownIssuer',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unknownIssuer',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unknownIssuer',
  ERR_TLS_CERT_ALTNAME_INVALID: 'wrongHost',
  HOSTNAME_MISMATCH: 'wrongHost',
};

/** The server's certificate is not trusted here; `code` is the TLS library's reason, when it gave one. */
export function certificateUntrusted(code: string | undefined, options?: { cause?: unknown }): RemoteError {
  const reason = (code && CERTIFICATE_REASONS[code]) ?? 'other';
  return new RemoteError(
    'network-error',
    t('errors.teamServerCertificateUntrusted', { reason, code: code ?? 'TLS' }),
    { ...TEAM_SERVER_PARAMS, failure: 'certificate', reason },
    options,
  );
}

/** A request to the team server that got no answer: its certificate not trusted, else unreachable. */
export function connectionFailed(error: unknown): RemoteError {
  const failure = readNetworkFailure(error);
  if (failure.kind === 'tls') return certificateUntrusted(failure.code, { cause: error });
  return new RemoteError('network-error', unreachable().message, undefined, { cause: error });
}

/** The error as a command's result. */
export const failed = (error: RemoteError): IpcResult<never> => ({ ok: false, error: error.toJSON() });
