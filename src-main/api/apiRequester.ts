/**
 * An authenticated API call: bearer token from the TokenManager, the request through the HttpTransport,
 * one renewal and one retry on 401 (never a loop), the envelope read into data or a typed error, and the
 * data validated leniently.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import type { RequestContext } from './errors';
import { readEnvelope, type Envelope } from './envelope';
import type { DriftReporter } from './driftReporter';
import {
  MAX_BODY_BYTES,
  type AnswerKind,
  type HttpMethod,
  type HttpResponse,
  type HttpTransport,
} from './http/httpTransport';
import type { TokenManager } from './tokenManager';
import { buildUrl, type PbxUrls, type QueryValue } from './urls';

/** List items validated in one turn of the event loop (2,000 extensions at once held it ~35 ms). */
const LIST_ITEMS_PER_TURN = 250;

/** Per-call options every client method accepts last. */
export interface CallOptions {
  /** Cancels the call; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call (e.g. the call monitor's poll stays below its interval). */
  timeoutMs?: number;
  /**
   * For a caller with a deadline: GET retries (and their waits, `Retry-After` included) only while they end
   * within this many ms, else the failure now; 0 means no retry at all. Absent: the client's retry policy.
   */
  retryWithinMs?: number;
}

export interface ApiCall {
  method: HttpMethod;
  /** Relative to the API root, with every variable segment already checked and encoded (see urls.ts). */
  path: string;
  /** `v2` addresses `{auth_url}/api/v2.0` (the beta call record) instead of the v1 root. */
  root?: 'v1' | 'v2';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** What the answer holds, for how much of it is read (MAX_BODY_BYTES); default one record. */
  answer?: AnswerKind;
}

export class ApiRequester {
  constructor(
    private readonly urls: PbxUrls,
    private readonly http: HttpTransport,
    private readonly tokens: TokenManager,
    private readonly drift: DriftReporter,
  ) {}

  /** The envelope of a successful answer; every failure is thrown as a PbxError. */
  async send(call: ApiCall, options: CallOptions = {}): Promise<Envelope> {
    const context = this.contextOf(call);
    const token = await this.tokens.getToken();
    let response = await this.exchange(call, token, options);
    if (response.status === 401) {
      this.tokens.invalidate(token);
      response = await this.exchange(call, await this.tokens.getToken(), options);
    }
    return readEnvelope(response, context);
  }

  /** The envelope's `data`, validated leniently against `schema`. */
  async data<S extends z.ZodType>(
    call: ApiCall,
    schema: S,
    name: string,
    options?: CallOptions,
  ): Promise<z.output<S>> {
    const envelope = await this.send(call, options);
    return this.parse(schema, envelope.data, name, call);
  }

  /**
   * The envelope's `data` as a list of `item`s, each validated leniently, LIST_ITEMS_PER_TURN at a time
   * between turns of the event loop: a whole list can be thousands of records, and the call monitor polls
   * on the same thread.
   */
  async list<S extends z.ZodType>(
    call: ApiCall,
    item: S,
    name: string,
    options?: CallOptions,
  ): Promise<z.output<S>[]> {
    const listCall: ApiCall = { ...call, answer: 'list' };
    const { data } = await this.send(listCall, options);
    const schema = z.array(item);
    if (!Array.isArray(data) || data.length <= LIST_ITEMS_PER_TURN)
      return this.parse(schema, data, name, listCall);
    const items: z.output<S>[] = [];
    for (let start = 0; start < data.length; start += LIST_ITEMS_PER_TURN) {
      if (start > 0) await nextTurn();
      items.push(...this.parse(schema, data.slice(start, start + LIST_ITEMS_PER_TURN), name, listCall));
    }
    return items;
  }

  parse<S extends z.ZodType>(schema: S, value: unknown, name: string, call: ApiCall): z.output<S> {
    return this.drift.parse(schema, value, name, this.contextOf(call));
  }

  /** For values checked by hand rather than by a schema (e.g. a list's `total`). */
  reportDrift(field: string, expected: string, got: unknown, call: ApiCall): void {
    this.drift.report(field, expected, got, this.contextOf(call));
  }

  private contextOf(call: ApiCall): RequestContext {
    return { method: call.method, path: call.root === 'v2' ? `/api/v2.0${call.path}` : call.path };
  }

  private exchange(call: ApiCall, token: string, options: CallOptions): Promise<HttpResponse> {
    const root = call.root === 'v2' ? `${this.urls.authUrl}/api/v2.0` : this.urls.baseUrl;
    return this.http.send({
      method: call.method,
      url: buildUrl(root, call.path, call.query),
      path: this.contextOf(call).path,
      // i18n-exempt: an HTTP header
      headers: { authorization: `Bearer ${token}` },
      body: call.body,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      retryWithinMs: options.retryWithinMs,
      maxBodyBytes: MAX_BODY_BYTES[call.answer ?? 'record'],
    });
  }
}
