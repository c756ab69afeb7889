/**
 * Conformance tests talk to a real demo PBX over real HTTP with Node's fetch. `startTestPbx` starts one with
 * a manual clock (time moves only when a test advances it) and no automatic calls; `client.get('/status')`
 * and friends send the bearer token and return the status, headers and parsed body.
 */
import { afterAll } from 'vitest';
import { startDemoPbx, type DemoPbx, type DemoPbxOptions } from '../../src-main/demo-pbx';
import { requestDemoPbxToken } from './requestDemoPbxToken';

/**
 * A parsed JSON body. `any` on purpose: tests assert on the fields they care about, and the response schemas
 * are checked separately where a test is about a shape.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface TestResponse<T = Json> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  /** Query string parameters. */
  query?: Record<string, string | number>;
  /** A JSON body (serialised here) or, as a string, a raw body sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** false: send no Authorization header; a string: send that token instead of a valid one. */
  token?: false | string;
}

export class TestClient {
  private accessToken: string | null = null;

  constructor(readonly pbx: DemoPbx) {}

  /** A fresh token from the token endpoint. */
  newToken(): Promise<string> {
    return requestDemoPbxToken(this.pbx);
  }

  /** `path` is relative to base_url (`/status`), or to auth_url when it starts with `/_sim`, `/api/` or `/login`. */
  async request<T = Json>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const root = /^\/(_sim|api\/|login)/.test(path) ? this.pbx.authUrl : this.pbx.baseUrl;
    const url = new URL(`${root}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== false) {
      const token = typeof options.token === 'string' ? options.token : await this.token();
      headers.authorization = `Bearer ${token}`;
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    let response = await fetch(url, { method, headers, body });
    if (response.status === 401 && options.token === undefined) {
      // The cached token expired because a test advanced the clock: log in again, as a real client would.
      this.accessToken = null;
      headers.authorization = `Bearer ${await this.token()}`;
      response = await fetch(url, { method, headers, body });
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON: the raw text is the body
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }

  post<T = Json>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }

  patch<T = Json>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { ...options, body });
  }

  delete<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  private async token(): Promise<string> {
    this.accessToken ??= await this.newToken();
    return this.accessToken;
  }
}

/** Starts a demo PBX for the current test file (closed after it) and a client for it. */
export async function startTestPbx(
  options: DemoPbxOptions = {},
): Promise<{ pbx: DemoPbx; client: TestClient }> {
  const pbx = await startDemoPbx({
    persons: 50,
    ringEverySeconds: 0,
    clock: { mode: 'manual', startMs: Date.UTC(2026, 2, 10, 9, 30) },
    ...options,
  });
  afterAll(() => pbx.close());
  return { pbx, client: new TestClient(pbx) };
}

/** The failure envelope of 4XX answers (see docs/pbx-api.md (Errors and envelope)). */
export function expectFailure(response: TestResponse, status: number, message: RegExp | string): void {
  const problems: string[] = [];
  if (response.status !== status) problems.push(`status ${response.status}, expected ${status}`);
  const body = response.body as { success?: unknown; data?: unknown; error?: unknown } | undefined;
  if (body?.success !== false) problems.push('success is not false');
  if (status >= 400 && body?.data !== null) problems.push('data is not null');
  const error = typeof body?.error === 'string' ? body.error : '';
  const matches = typeof message === 'string' ? error.includes(message) : message.test(error);
  if (!matches) problems.push(`error "${error}" does not match ${String(message)}`);
  if (problems.length > 0) throw new Error(`${problems.join('; ')}\nbody: ${JSON.stringify(response.body)}`);
}
