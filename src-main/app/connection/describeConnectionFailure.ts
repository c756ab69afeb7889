/**
 * Turns what the PBX client throws into a `ConnectionFailure`: its own kind (DNS, refused, TLS, 400, 401
 * invalid_client, timeout, not a PBX, …), a message a person can act on, and the field to correct. Used by
 * "Test connection" and by the connection state in the status bar, so both say the same thing.
 */
import {
  AuthError,
  InvalidArgument,
  NetworkError,
  NotFound,
  PermissionDenied,
  ServerError,
  Timeout,
  isPbxError,
} from '../../api';
import type { ConnectionFailure } from '../../shared/contract';
import { t } from '../../shared/i18n';

function failure(
  kind: ConnectionFailure['kind'],
  message: string,
  field: ConnectionFailure['field'] = null,
): ConnectionFailure {
  return { kind, message, field };
}

function networkFailure(error: NetworkError): ConnectionFailure {
  switch (error.kind) {
    case 'dns':
      return failure('dns', error.message, 'baseUrl');
    case 'refused':
      return failure('refused', error.message, 'baseUrl');
    case 'tls':
      return failure('tls', error.message, 'trustedCertificatePem');
    case 'not-https':
      return failure('not-https', error.message, 'baseUrl');
    default:
      return failure('network', error.message);
  }
}

function authFailure(error: AuthError): ConnectionFailure {
  switch (error.reason) {
    case 'invalid_client':
      return failure('invalid-client', error.message, 'secret');
    case 'invalid_request':
      return failure('invalid-request', error.message, 'baseUrl');
    default:
      return failure('permission-denied', error.message, 'clientId');
  }
}

function serverFailure(error: ServerError): ConnectionFailure {
  return error.reason === 'server-failure' || error.reason === 'rate-limited'
    ? failure('server-error', error.message)
    : failure('not-a-pbx', error.message, 'baseUrl');
}

/** Whether a failure needs the user to change something before trying again makes sense. */
export function needsNewCredentials(failure: ConnectionFailure): boolean {
  return (
    failure.kind === 'invalid-client' ||
    failure.kind === 'invalid-request' ||
    failure.kind === 'permission-denied' ||
    failure.kind === 'missing-credentials' ||
    failure.kind === 'invalid-url'
  );
}

const UNREACHABLE_KINDS: readonly ConnectionFailure['kind'][] = [
  'dns',
  'refused',
  'network',
  'timeout',
  'server-error',
];

export function describeConnectionFailure(error: unknown): ConnectionFailure {
  if (error instanceof NetworkError) return networkFailure(error);
  if (error instanceof Timeout) return failure('timeout', error.message, 'baseUrl');
  if (error instanceof AuthError) return authFailure(error);
  if (error instanceof PermissionDenied) return failure('permission-denied', error.message, 'clientId');
  if (error instanceof ServerError) return serverFailure(error);
  if (error instanceof NotFound) {
    return failure('not-a-pbx', t('connection.notAPbx'), 'baseUrl');
  }
  // The client refuses a malformed URL before sending anything (empty credentials are caught earlier).
  if (error instanceof InvalidArgument) return failure('invalid-url', error.message, 'baseUrl');
  if (isPbxError(error)) return failure('server-error', error.message);
  throw error;
}

/** The PBX could not be reached or failed as a whole: the connection check decides what the agent sees. */
export function isUnreachable(error: unknown): boolean {
  return UNREACHABLE_KINDS.includes(describeConnectionFailure(error).kind);
}
