/**
 * An injected `fetch` that plays a PBX: routes by method and path, records every request, and answers the
 * token endpoint itself unless a test overrides it. Answers are real `Response` objects.
 */
import type { FetchInit, FetchLike, PbxClientConfig } from '../../../src-main/api';
import { PbxClient } from '../../../src-main/api';
import type { Logger } from '../../../src-main/shared/logger';

export interface RecordedRequest {
  method: string;
  url: URL;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

export type Handler = (request: RecordedRequest, init: FetchInit) => Response | Promise<Response>;

export const TOKEN_PATH = '/login/oauth2/token';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A successful envelope. */
export function ok(data: unknown, extra: Record<string, unknown> = {}): Response {
  return json(200, { success: true, data, ...extra });
}

export function tokenAnswer(expiresIn: unknown = '3600', accessToken = 'token-1'): Response {
  return json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn });
}

export function fakePbx() {
  const requests: RecordedRequest[] = [];
  const routes = new Map<string, Handler>();
  let issued = 0;
  let tokenHandler: Handler = () => tokenAnswer('3600', `token-${++issued}`);

  const fetch: FetchLike = async (url, init) => {
    const parsed = new URL(url);
    const request: RecordedRequest = {
      method: init.method,
      url: parsed,
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.parse(init.body),
    };
    requests.push(request);
    if (init.method === 'POST' && parsed.pathname === TOKEN_PATH) return tokenHandler(request, init);
    const handler = routes.get(`${init.method} ${parsed.pathname}`);
    if (!handler)
      return json(404, { success: false, data: null, error: `no route ${init.method} ${parsed.pathname}` });
    return handler(request, init);
  };

  return {
    fetch,
    requests,
    /** Requests other than the token endpoint. */
    get apiRequests() {
      return requests.filter((request) => request.path !== TOKEN_PATH);
    },
    get tokenRequests() {
      return requests.filter((request) => request.path === TOKEN_PATH);
    },
    on(method: string, path: string, handler: Handler) {
      routes.set(`${method} ${path}`, handler);
    },
    onToken(handler: Handler) {
      tokenHandler = handler;
    },
    /** Issues `token-N` tokens with the given expires_in. */
    issueTokens(expiresIn: unknown) {
      tokenHandler = () => tokenAnswer(expiresIn, `token-${++issued}`);
    },
  };
}

export type FakePbx = ReturnType<typeof fakePbx>;

/** A logger that keeps every line, level first, to assert on what was (and was not) logged. */
export function recordingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const record =
    (level: string) =>
    (message: string, ...details: unknown[]) =>
      lines.push([level, message, ...details.map((detail) => JSON.stringify(detail))].join(' '));
  return {
    lines,
    logger: { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') },
  };
}

/** A clock the test moves by hand. */
export function manualClock(start = 1_700_000_000_000) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

export const BASE_URL = 'https://pbx.test/api/v1.0';
export const SECRET = 'correct-horse-battery-staple';

export function clientFor(pbx: FakePbx, overrides: Partial<PbxClientConfig> = {}) {
  const { logger, lines } = recordingLogger();
  const clock = manualClock();
  const client = new PbxClient({
    baseUrl: BASE_URL,
    clientId: 'ringside',
    clientSecret: SECRET,
    fetch: pbx.fetch,
    logger,
    clock,
    random: () => 0.5,
    sleep: async () => {},
    ...overrides,
  });
  return { client, lines, clock };
}
