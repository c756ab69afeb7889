/**
 * One HTTP exchange with the PBX: a timeout on every request, retries with capped exponential backoff and
 * full jitter for GET only (see retry.ts for why), `Retry-After` honoured, and none that would end past a
 * caller's deadline (`retryWithinMs`). Failures of the transport become `NetworkError` or `Timeout`; HTTP
 * statuses are left to the caller to interpret.
 *
 * `fetch` is injected: in the app it is Electron's `net.fetch` (the OS proxy settings and certificate store
 * apply), in tests and tools Node's. Both keep connections alive between requests by default (Chromium's
 * socket pool, undici's per-origin pool), so polling reuses one TLS connection; nothing to configure here.
 *
 * An answer is read only up to a cap (`MAX_BODY_BYTES`), its bytes counted as they arrive (after any
 * decompression the fetch does): a larger one fails its request with ServerError `response-too-large` and
 * the body stream is cancelled, instead of a broken or hostile PBX filling the app's memory.
 */
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { classifyNetworkFailure } from '../../shared/networkFailure';
import { NetworkError, ServerError, Timeout, type RequestContext } from '../errors';
import {
  DEFAULT_RETRY_POLICY,
  RETRYABLE_NETWORK_KINDS,
  RETRYABLE_STATUSES,
  backoffDelayMs,
  parseRetryAfterMs,
  type RetryPolicy,
} from './retry';

/** The part of a fetch response the client reads; Node's, undici's and Electron's responses all fit. */
export interface FetchResponse {
  status: number;
  headers: { get(name: string): string | null };
  /** The body as it arrives, read (and counted) when present; `text()` only for a response without one. */
  body?: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null;
  text(): Promise<string>;
}

const MiB = 1024 * 1024;

/**
 * The most of an answer Ringside reads, by what the answer can plausibly hold: a page of a paged list (at
 * most 1,000 list items of six short fields; a 500-person page is about 100 kB), a whole list (every user,
 * extension or queue of a large PBX), or one record, confirmation or token (a call's review with its
 * transcript included). Each is several times what a real PBX sends, and small enough that a hostile answer
 * costs the app little memory before it is refused.
 */
export const MAX_BODY_BYTES = { page: 2 * MiB, list: 16 * MiB, record: 4 * MiB } as const;

export type AnswerKind = keyof typeof MAX_BODY_BYTES;

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /** Redirects are reported, not followed: a POST must not silently turn into a GET elsewhere. */
  redirect: 'manual';
}

export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  url: URL;
  /** The path shown in messages and logs (no query: it may carry phone identifiers). */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON when defined. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Retries (GET only) only while their wait ends within this many ms of the start; 0: no retry at all. */
  retryWithinMs?: number;
  /** The largest answer read; default `MAX_BODY_BYTES.record`. */
  maxBodyBytes?: number;
}

export interface HttpResponse {
  status: number;
  headers: FetchResponse['headers'];
  body: string;
  /** The answer's `Retry-After`, in ms from when it arrived; undefined when absent or invalid. */
  retryAfterMs: number | undefined;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface HttpTransportOptions {
  fetch: FetchLike;
  timeoutMs: number;
  retry?: RetryPolicy;
  clock: Clock;
  logger: Logger;
  /** Injected so tests are deterministic; defaults to Math.random. */
  random?: () => number;
  /** Injected so tests can run without waiting; defaults to a timer that stops when `signal` aborts. */
  sleep?: Sleep;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** The abort reason of a request that ran out of time: one shared value, so no Error is built per request. */
const TIMED_OUT = Symbol('request timed out');

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export class HttpTransport {
  private readonly retry: RetryPolicy;
  private readonly random: () => number;
  private readonly sleep: Sleep;

  constructor(private readonly options: HttpTransportOptions) {
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? defaultSleep;
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    const maxAttempts = request.method === 'GET' ? Math.max(1, this.retry.maxAttempts) : 1;
    const retryDeadline =
      request.retryWithinMs === undefined ? Infinity : this.options.clock.now() + request.retryWithinMs;
    // A caller with a deadline (the call monitor, the health check) gets the failure now rather than late.
    const waitFits = (delayMs: number) => this.options.clock.now() + delayMs < retryDeadline;
    for (let attempt = 1; ; attempt++) {
      const isLast = attempt >= maxAttempts;
      let response: HttpResponse;
      try {
        response = await this.sendOnce(request);
      } catch (error) {
        if (isLast || !(error instanceof NetworkError) || !RETRYABLE_NETWORK_KINDS.has(error.kind))
          throw error;
        const delayMs = backoffDelayMs(this.retry, attempt - 1, this.random);
        if (!waitFits(delayMs)) throw error;
        await this.wait(request, attempt, maxAttempts, delayMs);
        continue;
      }
      if (isLast || !RETRYABLE_STATUSES.has(response.status)) return response;
      const { retryAfterMs } = response;
      // A server asking for a longer pause than we are willing to wait gets its answer to the caller now.
      if (retryAfterMs !== undefined && retryAfterMs > this.retry.maxRetryAfterMs) return response;
      const delayMs = retryAfterMs ?? backoffDelayMs(this.retry, attempt - 1, this.random);
      if (!waitFits(delayMs)) return response;
      await this.wait(request, attempt, maxAttempts, delayMs);
    }
  }

  private async wait(request: HttpRequest, attempt: number, maxAttempts: number, delayMs: number) {
    this.options.logger.debug(
      `${request.method} ${request.path} failed, retry ${attempt} of ${maxAttempts - 1} in ${delayMs} ms`,
    );
    await this.sleep(delayMs, request.signal);
  }

  private async sendOnce(request: HttpRequest): Promise<HttpResponse> {
    const { signal: callerSignal } = request;
    callerSignal?.throwIfAborted();
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;
    const controller = new AbortController();
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    // Our signal is also listened to here, so a fetch that ignores it still cannot hang the client.
    const { promise: outcome, resolve, reject } = Promise.withResolvers<HttpResponse>();
    const onAbort = () => reject(controller.signal.reason);
    controller.signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);

    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    const init: FetchInit = {
      method: request.method,
      headers,
      signal: controller.signal,
      redirect: 'manual',
    };
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    const context: RequestContext = { method: request.method, path: request.path };
    this.exchange(request, init, context).then(resolve, reject);
    try {
      return await outcome;
    } catch (error) {
      if (controller.signal.reason === TIMED_OUT) throw new Timeout(timeoutMs, request.url.host, context);
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (error instanceof ServerError) {
        controller.abort(error); // nothing more of this answer is wanted
        throw error;
      }
      throw new NetworkError(classifyNetworkFailure(error), request.url.host, context, { cause: error });
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
      controller.signal.removeEventListener('abort', onAbort);
    }
  }

  private async exchange(
    request: HttpRequest,
    init: FetchInit,
    context: RequestContext,
  ): Promise<HttpResponse> {
    const response = await this.options.fetch(request.url.href, init);
    const limit = request.maxBodyBytes ?? MAX_BODY_BYTES.record;
    const body = await readCapped(response, limit, () => ServerError.tooLarge(context, limit));
    const retryAfterMs = parseRetryAfterMs(response.headers.get('retry-after'), this.options.clock.now());
    return { status: response.status, headers: response.headers, body, retryAfterMs };
  }
}

/** The body as text, failing with `tooLarge()` as soon as it holds more than `limit` bytes. */
async function readCapped(response: FetchResponse, limit: number, tooLarge: () => Error): Promise<string> {
  const { body } = response;
  if (Number(response.headers.get('content-length')) > limit) {
    await cancel(body);
    throw tooLarge();
  }
  if (!body) {
    const text = await response.text();
    if (new TextEncoder().encode(text).length > limit) throw tooLarge();
    return text;
  }
  let received = 0;
  const chunks: Uint8Array[] = [];
  // Leaving the loop early (the throw) cancels the stream, which closes the connection. The chunks are
  // decoded once at the end: no growing string copied at every chunk.
  for await (const chunk of body) {
    received += chunk.byteLength;
    if (received > limit) throw tooLarge();
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

async function cancel(body: FetchResponse['body']): Promise<void> {
  try {
    if (!body) return;
    if ('cancel' in body && typeof body.cancel === 'function') await body.cancel();
    else await (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]().return?.();
  } catch {
    // Already closed: nothing to release.
  }
}
