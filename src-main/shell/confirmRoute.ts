/**
 * The renderer route of the dial confirmation window: `#confirm/<the DialRequest as URI-encoded JSON>`
 * (read by src-renderer/lib/dialConfirmRoute.ts). Kept apart from confirmWindow.ts, which needs Electron,
 * so the end-to-end harness opens the same route the app does.
 */
import type { DialRequest } from '../shared/contract';

export const CONFIRM_ROUTE_PREFIX = 'confirm/';

/** The URL fragment (without `#`) that makes the renderer show this request. */
export function confirmRouteHash(request: DialRequest): string {
  return CONFIRM_ROUTE_PREFIX + encodeURIComponent(JSON.stringify(request));
}
