/**
 * A `FetchLike` for Node (benchmarks, tools, the demo harness) built on undici's `request` rather than the
 * global `fetch`. Both speak HTTP/1.1 through undici's connection pool, but the WHATWG layer of `fetch`
 * (Request/Response/Headers objects, body streams, per-request AbortSignal bookkeeping held until GC) costs
 * about as much CPU again as the exchange itself, and native memory besides; this client reads only the
 * status, a header and the text body, so that layer buys nothing. Redirects are not followed (as `redirect:
 * 'manual'` asks) and failures carry the same system and `UND_ERR_*` codes, which `classifyNetworkFailure`
 * reads.
 */
import { Agent, request } from 'undici';
import type { FetchLike } from './httpTransport';

export interface UndiciFetch {
  fetch: FetchLike;
  /** Closes the pooled connections. */
  close(): Promise<void>;
}

export function createUndiciFetch(agentOptions?: Agent.Options): UndiciFetch {
  const agent = new Agent(agentOptions);
  const undiciFetch: FetchLike = async (url, init) => {
    const response = await request(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal: init.signal,
      dispatcher: agent,
    });
    const headers = response.headers;
    return {
      status: response.statusCode,
      headers: {
        get(name) {
          const value = headers[name.toLowerCase()];
          return Array.isArray(value) ? value.join(', ') : (value ?? null);
        },
      },
      body: response.body,
      text: () => response.body.text(),
    };
  };
  return { fetch: undiciFetch, close: () => agent.close() };
}
