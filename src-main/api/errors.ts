/**
 * Typed errors of the PBX client. Every error has a stable `code` (one of the IPC `ErrorCode`s, so the IPC
 * layer can pass `{ code, message }` as is) and a message a person can act on. No error message ever
 * contains the client secret or the access token.
 */
import { AppError, type ErrorParams } from '../shared/contract';

/** What the client was doing when it failed, for messages and logs (never with query or body). */
export interface RequestContext {
  method: string;
  /** The path relative to the API root, e.g. `/user/42`, or the token endpoint's path. */
  path: string;
  status?: number;
}

function where(context: RequestContext | undefined): string {
  return context ? `${context.method} ${context.path}` : 'the request';
}

/** What a window's wording may quote of the request: the method, the path and the HTTP status. */
function contextParams(context: RequestContext | undefined, extra?: ErrorParams): ErrorParams | undefined {
  if (!context && !extra) return undefined;
  const params: Record<string, string | number | boolean> = { ...extra };
  if (context) Object.assign(params, { method: context.method, path: context.path });
  if (context?.status !== undefined) params.status = context.status;
  return params;
}

export abstract class PbxError extends AppError {
  readonly context: RequestContext | undefined;

  constructor(
    message: string,
    context?: RequestContext,
    options?: { cause?: unknown },
    params?: ErrorParams,
  ) {
    super(message, contextParams(context, params), options);
    this.context = context;
  }
}

export function isPbxError(error: unknown): error is PbxError {
  return error instanceof PbxError;
}

// ---- Arguments rejected before anything is sent -------------------------------------------------------

/** A caller passed something the client refuses to put on the wire (e.g. a malformed uniqueid). */
export class InvalidArgument extends PbxError {
  readonly code = 'invalid-argument';
}

// ---- Authentication -----------------------------------------------------------------------------------

export type AuthFailureReason = 'invalid_client' | 'invalid_request' | 'invalid_token';

const AUTH_MESSAGES: Record<AuthFailureReason, string> = {
  invalid_client: 'The PBX rejected the client id or secret (invalid_client). Check them in Settings.',
  invalid_request:
    'The PBX rejected the token request as malformed (invalid_request). Check the PBX URL in Settings; ' +
    'the service account may also need the client-credentials login enabled on the PBX.',
  invalid_token:
    'The PBX rejected the access token even after a fresh login. The service account may have lost its ' +
    'superuser role or been deactivated; check it on the PBX.',
};

export class AuthError extends PbxError {
  readonly code = 'auth-failed';

  constructor(
    readonly reason: AuthFailureReason,
    context?: RequestContext,
    /** The PBX's own `error_description`, kept for logs; it is not part of the message. */
    readonly description?: string,
  ) {
    super(AUTH_MESSAGES[reason], context, undefined, { reason });
  }
}

// ---- Answers of the PBX -------------------------------------------------------------------------------

/** `success:false` with an object of per-attribute messages: nothing was written (an invalid attribute rejects the whole update). */
export class ValidationFailed extends PbxError {
  readonly code = 'validation-failed';

  constructor(
    readonly fields: Readonly<Record<string, string>>,
    context?: RequestContext,
  ) {
    const list = Object.entries(fields)
      .map(([field, message]) => `${field}: ${message}`)
      .join('; ');
    super(`The PBX refused the change and saved nothing. Correct these fields: ${list}.`, context);
  }
}

/** `success:false` with a message: the PBX understood the request and declined it. */
export class BusinessError extends PbxError {
  readonly code = 'business-error';

  constructor(
    readonly pbxMessage: string,
    context?: RequestContext,
    /**
     * The envelope's `data` as the PBX sent it with `success:false` (e.g. the per-agent results of a bulk
     * queue update); main only, never part of what a window sees.
     */
    readonly declinedData?: unknown,
  ) {
    super(`The PBX declined ${where(context)}: ${pbxMessage}`, context);
  }
}

export class NotFound extends PbxError {
  readonly code = 'not-found';

  constructor(context?: RequestContext, pbxMessage?: string) {
    super(
      `The PBX has nothing at ${where(context)}${pbxMessage ? ` (${pbxMessage})` : ''}. ` +
        'It may have been deleted, or the id is wrong.',
      context,
    );
  }
}

export class PermissionDenied extends PbxError {
  readonly code = 'permission-denied';

  constructor(context?: RequestContext, pbxMessage?: string) {
    super(
      `The PBX refused ${where(context)} for lack of permission${pbxMessage ? ` (${pbxMessage})` : ''}. ` +
        'The service account in Settings needs a role with superuser permissions.',
      context,
    );
  }
}

export type ServerErrorReason = 'server-failure' | 'not-a-pbx' | 'unexpected-response' | 'response-too-large';

/**
 * The server failed (5xx), or answered in a way no PBX of this API does: `not-a-pbx` when the answer is
 * not JSON or lacks the envelope (a wrong URL, a captive portal, a web server), `unexpected-response` for
 * statuses and shapes the API never uses.
 */
export class ServerError extends PbxError {
  readonly code = 'server-error';

  constructor(
    readonly reason: ServerErrorReason,
    message: string,
    context?: RequestContext,
    /** How long the PBX asked to be left alone (its `Retry-After`), when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message, context);
  }

  static failure(context: RequestContext, pbxMessage?: string, retryAfterMs?: number): ServerError {
    return new ServerError(
      'server-failure',
      `The PBX failed to handle ${where(context)} (HTTP ${context.status ?? '5xx'}` +
        `${pbxMessage ? `: ${pbxMessage}` : ''}). Try again later; if it persists, tell the PBX administrator.`,
      context,
      retryAfterMs,
    );
  }

  static notAPbx(context: RequestContext, what: string): ServerError {
    return new ServerError(
      'not-a-pbx',
      `This server does not look like the PBX API: ${what} for ${where(context)}. ` +
        'Check the PBX URL in Settings (it should end with /api/v1.0).',
      context,
    );
  }

  static unexpected(context: RequestContext, what: string): ServerError {
    return new ServerError(
      'unexpected-response',
      `The PBX answered ${where(context)} unexpectedly: ${what}.`,
      context,
    );
  }

  /** An answer larger than the client reads for its kind (see MAX_BODY_BYTES in http/httpTransport.ts). */
  static tooLarge(context: RequestContext, limitBytes: number): ServerError {
    return new ServerError(
      'response-too-large',
      `The PBX answered ${where(context)} with more than ${limitBytes / (1024 * 1024)} MB, more than any ` +
        'answer of its API needs; Ringside stopped reading rather than fill its memory. If it persists, ' +
        'tell the PBX administrator.',
      context,
    );
  }
}

// ---- Transport ----------------------------------------------------------------------------------------

export type NetworkErrorKind = 'dns' | 'refused' | 'reset' | 'tls' | 'other';

const NETWORK_MESSAGES: Record<NetworkErrorKind, (host: string) => string> = {
  dns: (host) => `The PBX host name ${host} could not be found (DNS). Check the PBX URL in Settings.`,
  refused: (host) =>
    `${host} refused the connection. Check the port in the PBX URL, or whether the PBX is running.`,
  reset: (host) => `The connection to ${host} was cut off. Check the network or VPN, then try again.`,
  tls: (host) =>
    `The certificate of ${host} is not trusted. If the PBX uses its own certificate, choose it as the ` +
    'trusted certificate in Settings.',
  other: (host) => `The PBX at ${host} could not be reached. Check the network connection and the PBX URL.`,
};

export class NetworkError extends PbxError {
  readonly code = 'network-error';

  constructor(
    readonly kind: NetworkErrorKind,
    readonly host: string,
    context?: RequestContext,
    options?: { cause?: unknown },
  ) {
    super(NETWORK_MESSAGES[kind](host), context, options);
  }
}

export class Timeout extends PbxError {
  readonly code = 'timeout';

  constructor(
    readonly timeoutMs: number,
    readonly host: string,
    context?: RequestContext,
  ) {
    super(
      `The PBX at ${host} did not answer ${where(context)} within ${formatSeconds(timeoutMs)}. ` +
        'It may be overloaded or unreachable; try again.',
      context,
    );
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
