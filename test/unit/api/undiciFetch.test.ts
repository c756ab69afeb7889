/** The undici-based FetchLike against a real node:http server: what the HTTP transport relies on. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUndiciFetch } from '../../../src-main/api';
import { classifyNetworkFailure } from '../../../src-main/shared/networkFailure';

let server: Server;
let origin: string;
const { fetch, close } = createUndiciFetch();

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/moved') {
        response.writeHead(302, { location: '/elsewhere' }).end();
      } else if (request.url === '/hang') {
        response.writeHead(200).write('partial');
      } else {
        response.writeHead(503, { 'Retry-After': '7', 'content-type': 'application/json' });
        response.end(JSON.stringify({ method: request.method, auth: request.headers.authorization, body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const init = (extra: Partial<Parameters<typeof fetch>[1]> = {}) => ({
  method: 'GET',
  headers: { authorization: 'Bearer t' },
  signal: new AbortController().signal,
  redirect: 'manual' as const,
  ...extra,
});

describe('createUndiciFetch', () => {
  it('sends method, headers and body, and reads status, any-case headers and the text body', async () => {
    const response = await fetch(`${origin}/x`, init({ method: 'POST', body: '{"a":1}' }));
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('7');
    expect(response.headers.get('x-absent')).toBeNull();
    expect(JSON.parse(await response.text())).toEqual({ method: 'POST', auth: 'Bearer t', body: '{"a":1}' });
  });

  it('reports a redirect instead of following it', async () => {
    const response = await fetch(`${origin}/moved`, init());
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/elsewhere');
  });

  it('stops reading a body when the signal aborts, with the signal reason', async () => {
    const controller = new AbortController();
    const response = await fetch(`${origin}/hang`, init({ signal: controller.signal }));
    const reason = new Error('stop');
    const text = response.text();
    controller.abort(reason);
    await expect(text).rejects.toBe(reason);
  });

  it('fails a refused connection with a code the transport classifies as refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await fetch(`http://127.0.0.1:${port}/`, init()).catch((error: unknown) => error);
    expect(classifyNetworkFailure(failure)).toBe('refused');
  });
});
