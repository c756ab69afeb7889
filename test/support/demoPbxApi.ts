/**
 * Requests to a demo PBX as a test's own client makes them: its API (`/queues/agents`) or its control
 * interface (`/_sim/…`), with a bearer token, answering the envelope's `data` or throwing its `error`.
 * Free of any test runner, so unit, conformance and end-to-end suites can all use it.
 */
import type { DemoPbx } from '../../src-main/demo-pbx';
import { requestDemoPbxToken } from '../conformance/requestDemoPbxToken';

export type DemoPbxRequest = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;

/** `path` is relative to base_url, or to auth_url when it starts with `/_sim`. */
export function demoPbxApi(pbx: Pick<DemoPbx, 'authUrl' | 'baseUrl' | 'credentials'>): DemoPbxRequest {
  let token: Promise<string> | undefined;
  return async (method, path, body) => {
    token ??= requestDemoPbxToken(pbx);
    const root = path.startsWith('/_sim') ? pbx.authUrl : pbx.baseUrl;
    const response = await fetch(`${root}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { success: boolean; data: unknown; error?: string };
    if (!envelope.success) throw new Error(`${method} ${path}: ${response.status} ${envelope.error}`);
    return envelope.data;
  };
}
