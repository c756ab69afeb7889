/**
 * Reads one frame from the browser host (src-main/shared/wsProtocol.ts) and checks its shape before the
 * client trusts it: the server is trusted, but versions drift. Hand-written rather than the protocol's zod
 * schema, so zod (whose fast path tries `new Function`, which the page's CSP forbids) stays out of the page.
 */
import type { ChannelLists, IpcResult } from './contract';
import type { ServerFrame, WsErrorCode } from './wsProtocol';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function isChannelLists(value: unknown): value is ChannelLists {
  return isObject(value) && isStringList(value['commands']) && isStringList(value['events']);
}

function isIpcError(value: unknown): boolean {
  return isObject(value) && typeof value['code'] === 'string' && typeof value['message'] === 'string';
}

function isIpcResult(value: unknown): value is IpcResult<unknown> {
  if (!isObject(value)) return false;
  if (value['ok'] === true) return 'value' in value;
  return value['ok'] === false && isIpcError(value['error']);
}

const WS_ERROR_CODES: readonly WsErrorCode[] = ['invalid-argument', 'unknown-command'];

/** The frame, or null when the text is not one the protocol defines. */
export function readServerFrame(text: unknown): ServerFrame | null {
  if (typeof text !== 'string') return null;
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(frame)) return null;
  switch (frame['type']) {
    case 'hello':
      return isChannelLists(frame['channels']) && frame['host'] === 'browser'
        ? { type: 'hello', channels: frame['channels'], host: 'browser' }
        : null;
    case 'result':
      return typeof frame['id'] === 'number' && isIpcResult(frame['result'])
        ? { type: 'result', id: frame['id'], result: frame['result'] }
        : null;
    case 'event':
      return typeof frame['channel'] === 'string'
        ? { type: 'event', channel: frame['channel'], payload: frame['payload'] }
        : null;
    case 'error': {
      const { id, error } = frame;
      if (!(id === null || typeof id === 'number') || !isObject(error)) return null;
      const code = WS_ERROR_CODES.find((known) => known === error['code']);
      return code && typeof error['message'] === 'string'
        ? { type: 'error', id, error: { code, message: error['message'] } }
        : null;
    }
    default:
      return null;
  }
}
