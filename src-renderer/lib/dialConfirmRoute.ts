/**
 * The dial confirmation window's route: `#confirm/<the DialRequest as URI-encoded JSON>`, written by the
 * main process (src-main/shell/confirmWindow.ts). The text is still checked here: a route that does not hold
 * a well-formed request shows an explanation, never a half-filled confirmation.
 */
import type { DialRequest } from '../../src-main/shared/contract';

export const CONFIRM_ROUTE = '#confirm/';

export function isConfirmRoute(hash: string): boolean {
  return hash.startsWith(CONFIRM_ROUTE);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isDialRequest(value: unknown): value is DialRequest {
  if (!isObject(value) || !isObject(value['number'])) return false;
  const { requestId, source, dial, match, matches } = value;
  return (
    typeof requestId === 'string' &&
    (source === 'link' || source === 'shortcut') &&
    typeof dial === 'string' &&
    dial.length > 0 &&
    typeof value['number']['display'] === 'string' &&
    (match === null ||
      (isObject(match) && typeof match['name'] === 'string' && typeof match['kind'] === 'string')) &&
    Array.isArray(matches)
  );
}

/** The request in the route, or null when there is none or it is malformed. */
export function readConfirmRequest(hash: string): DialRequest | null {
  if (!isConfirmRoute(hash)) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(hash.slice(CONFIRM_ROUTE.length)));
    return isDialRequest(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
