/**
 * Reads an API answer: the HTTP status and the `{ success, data, total }` envelope become either the
 * envelope or a typed error. 401 → AuthError (invalid_token), 403 → PermissionDenied, 404 → NotFound,
 * 5xx → ServerError, `success:false` → ValidationFailed (per-attribute messages) or BusinessError, and a
 * body that is not the envelope → ServerError "not a PBX".
 */
import {
  AuthError,
  BusinessError,
  NotFound,
  PermissionDenied,
  ServerError,
  ValidationFailed,
  type PbxError,
  type RequestContext,
} from './errors';
import { t, text } from '../shared/i18n';
import type { HttpResponse } from './http/httpTransport';

export interface Envelope {
  data: unknown;
  total: unknown;
  /** The whole body: GET /status puts its fields next to `success`. */
  body: Record<string, unknown>;
}

/** PBX-supplied text shown inside our messages: bounded, so a runaway body cannot flood a dialog. */
const MAX_PBX_TEXT = 300;

export function pbxText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text.length === 0) return undefined;
  return text.length > MAX_PBX_TEXT ? `${text.slice(0, MAX_PBX_TEXT)}…` : text;
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The per-attribute messages of a `success:false` answer, or undefined when `data` is not such a map. */
function attributeMessages(data: unknown): Record<string, string> | undefined {
  if (!isPlainObject(data)) return undefined;
  const entries = Object.entries(data);
  if (entries.length === 0) return undefined;
  const fields: Record<string, string> = {};
  for (const [field, message] of entries) {
    const text = Array.isArray(message) ? message.map(pbxText).filter(Boolean).join(', ') : pbxText(message);
    if (!text) return undefined;
    fields[field] = text;
  }
  return fields;
}

function failureOf(body: Record<string, unknown>, context: RequestContext): PbxError {
  const fields = attributeMessages(body.data);
  if (fields) return new ValidationFailed(fields, context);
  const reason = pbxText(body.error) ?? pbxText(body.data) ?? t('pbx.noReasonGiven');
  return new BusinessError(reason, context, body.data ?? undefined);
}

function redirectError(response: HttpResponse, context: RequestContext): ServerError {
  const location = response.headers.get('location');
  return new ServerError(
    'unexpected-response',
    location ? text('pbx.redirected', { location }) : text('pbx.redirectedElsewhere'),
    context,
  );
}

export function readEnvelope(response: HttpResponse, requestContext: RequestContext): Envelope {
  const { status } = response;
  const context: RequestContext = { ...requestContext, status };
  const parsed = parseJson(response.body);
  const body = parsed.ok && isPlainObject(parsed.value) ? parsed.value : undefined;
  const pbxMessage = pbxText(body?.error);

  if (status === 401) {
    throw new AuthError('invalid_token', context, pbxMessage);
  }
  if (status === 403) throw new PermissionDenied(context, pbxMessage);
  if (status === 404) throw new NotFound(context, pbxMessage);
  if (status === 429) throw ServerError.rateLimited(context, pbxMessage, response.retryAfterMs);
  if (status >= 500) throw ServerError.failure(context, pbxMessage, response.retryAfterMs);
  if (status >= 300 && status < 400) throw redirectError(response, context);

  const isSuccessStatus = status >= 200 && status < 300;
  if (!body || typeof body.success !== 'boolean') {
    if (isSuccessStatus) {
      const what = parsed.ok ? t('pbx.answerWithoutEnvelope') : t('pbx.answerNotJson');
      throw ServerError.notAPbx(context, what);
    }
    throw ServerError.unexpected(context, `HTTP ${status}`);
  }
  if (body.success === false) throw failureOf(body, context);
  // i18n-exempt: protocol detail quoted in the message
  if (!isSuccessStatus) throw ServerError.unexpected(context, `HTTP ${status} with success:true`);
  return { data: body.data, total: body.total, body };
}
