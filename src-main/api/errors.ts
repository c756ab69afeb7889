/**
 * Typed errors of the PBX client. Every error has a stable `code` (one of the IPC `ErrorCode`s, so the IPC
 * layer can pass `{ code, message }` as is) and a message a person can act on. No error message ever
 * contains the client secret or the access token.
 */
import { AppError, type ErrorParams } from '../shared/contract';
import { activeTranslator, text, type Text } from '../shared/i18n';
import type { NetworkErrorKind } from '../shared/networkFailure';

/** What the client was doing when it failed, for messages and logs (never with query or body). */
export interface RequestContext {
  method: string;
  /** The path relative to the API root, e.g. `/user/42`, or the token endpoint's path. */
  path: string;
  status?: number;
}

/** `{ detail, hasDetail }` for messages that quote the PBX's own words when it gave some. */
function detailParams(pbxMessage: string | undefined): { detail: string; hasDetail: boolean } {
  return { detail: pbxMessage ?? '', hasDetail: Boolean(pbxMessage) };
}

/**
 * The request's method, path and HTTP status, kept as params for logs and tests: a message for people never
 * names them (the agent did not send `POST /call`; they placed a call), it says what the PBX answered.
 */
function contextParams(context: RequestContext | undefined, extra?: ErrorParams): ErrorParams | undefined {
  if (!context && !extra) return undefined;
  const params: Record<string, string | number | boolean> = { ...extra };
  if (context) Object.assign(params, { method: context.method, path: context.path });
  if (context?.status !== undefined) params.status = context.status;
  return params;
}

export abstract class PbxError extends AppError {
  readonly context: RequestContext | undefined;
  /**
   * The message not yet worded, when it came from the catalogues: what is stored for a window to show later
   * (a review's or a wrap-up's last failure) keeps this, so it follows a language switch.
   */
  readonly text: Text | undefined;

  constructor(
    message: string | Text,
    context?: RequestContext,
    options?: { cause?: unknown },
    params?: ErrorParams,
  ) {
    super(
      typeof message === 'string' ? message : activeTranslator().text(message),
      contextParams(context, params),
      options,
    );
    this.context = context;
    this.text = typeof message === 'string' ? undefined : message;
  }
}

/** `POST /call`: the request a PBX error came from, for logs (a message for people never names it). */
export function requestOf(error: unknown): string | undefined {
  return error instanceof PbxError && error.context
    ? `${error.context.method} ${error.context.path}`
    : undefined;
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

const AUTH_MESSAGES = {
  invalid_client: 'pbx.authInvalidClient',
  invalid_request: 'pbx.authInvalidRequest',
  invalid_token: 'pbx.authInvalidToken',
} as const satisfies Record<AuthFailureReason, string>;

export class AuthError extends PbxError {
  readonly code = 'auth-failed';

  constructor(
    readonly reason: AuthFailureReason,
    context?: RequestContext,
    /** The PBX's own `error_description`, kept for logs; it is not part of the message. */
    readonly description?: string,
  ) {
    super(text(AUTH_MESSAGES[reason]), context, undefined, { reason });
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
    super(text('pbx.validationFailed', { fields: list }), context);
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
    super(text('pbx.businessError', { detail: pbxMessage }), context);
  }
}

export class NotFound extends PbxError {
  readonly code = 'not-found';

  constructor(context?: RequestContext, pbxMessage?: string) {
    super(text('pbx.notFound', { ...detailParams(pbxMessage) }), context);
  }
}

export class PermissionDenied extends PbxError {
  readonly code = 'permission-denied';

  constructor(context?: RequestContext, pbxMessage?: string) {
    super(text('pbx.permissionDenied', { ...detailParams(pbxMessage) }), context);
  }
}

export type ServerErrorReason =
  'server-failure' | 'rate-limited' | 'not-a-pbx' | 'unexpected-response' | 'response-too-large';

/**
 * The server failed (5xx), or answered in a way no PBX of this API does: `not-a-pbx` when the answer is
 * not JSON or lacks the envelope (a wrong URL, a captive portal, a web server), `unexpected-response` for
 * statuses and shapes the API never uses.
 */
export class ServerError extends PbxError {
  readonly code = 'server-error';

  constructor(
    readonly reason: ServerErrorReason,
    message: string | Text,
    context?: RequestContext,
    /** How long the PBX asked to be left alone (its `Retry-After`), when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message, context);
  }

  static failure(context: RequestContext, pbxMessage?: string, retryAfterMs?: number): ServerError {
    return new ServerError(
      'server-failure',
      text('pbx.serverFailure', {
        status: String(context.status ?? '5xx'),
        ...detailParams(pbxMessage),
      }),
      context,
      retryAfterMs,
    );
  }

  /** HTTP 429: the PBX asks to be left alone for a while (its `Retry-After`, when it said how long). */
  static rateLimited(context: RequestContext, pbxMessage?: string, retryAfterMs?: number): ServerError {
    return new ServerError(
      'rate-limited',
      text('pbx.rateLimited', { ...detailParams(pbxMessage) }),
      context,
      retryAfterMs,
    );
  }

  static notAPbx(context: RequestContext, what: string): ServerError {
    return new ServerError('not-a-pbx', text('pbx.notAPbx', { what }), context);
  }

  static unexpected(context: RequestContext, what: string): ServerError {
    return new ServerError('unexpected-response', text('pbx.unexpectedResponse', { what }), context);
  }

  /** An answer larger than the client reads for its kind (see MAX_BODY_BYTES in http/httpTransport.ts). */
  static tooLarge(context: RequestContext, limitBytes: number): ServerError {
    return new ServerError(
      'response-too-large',
      text('pbx.responseTooLarge', { megabytes: limitBytes / (1024 * 1024) }),
      context,
    );
  }
}

/**
 * How long the PBX asked to be left alone after this failure (`Retry-After` of a 429 or 5xx), capped at
 * `capMs` so a bogus header cannot park a poller; undefined when it did not say. The one reader of it for
 * every scheduler (the connection's health check, the call monitor).
 */
export function retryAfterOf(error: unknown, capMs: number): number | undefined {
  if (!(error instanceof ServerError) || error.retryAfterMs === undefined) return undefined;
  return Math.min(Math.max(0, error.retryAfterMs), capMs);
}

// ---- Transport ----------------------------------------------------------------------------------------

export type { NetworkErrorKind };

const NETWORK_MESSAGES = {
  dns: 'pbx.networkDns',
  refused: 'pbx.networkRefused',
  reset: 'pbx.networkReset',
  tls: 'pbx.networkTls',
  'not-https': 'pbx.networkNotHttps',
  other: 'pbx.networkOther',
} as const satisfies Record<NetworkErrorKind, string>;

export class NetworkError extends PbxError {
  readonly code = 'network-error';

  constructor(
    readonly kind: NetworkErrorKind,
    readonly host: string,
    context?: RequestContext,
    options?: { cause?: unknown },
  ) {
    super(text(NETWORK_MESSAGES[kind], { host }), context, options);
  }
}

export class Timeout extends PbxError {
  readonly code = 'timeout';

  constructor(
    readonly timeoutMs: number,
    readonly host: string,
    context?: RequestContext,
  ) {
    super(text('pbx.timeout', { host, seconds: Math.round(timeoutMs / 100) / 10 }), context);
  }
}
