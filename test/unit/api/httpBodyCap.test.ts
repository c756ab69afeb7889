/**
 * PBX answers are read up to a cap by what they can plausibly hold (2 MiB for a page of a paged list, 16 MiB
 * for a whole list, 4 MiB for one record or confirmation), counted as the bytes arrive: a larger answer fails its request with `server-error` / `response-too-large` and the
 * connection is closed, instead of the whole body landing in memory.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUndiciFetch, ServerError, type FetchLike } from '../../../src-main/api';
import { HttpTransport, MAX_BODY_BYTES } from '../../../src-main/api/http/httpTransport';
import { User } from '../../../src-main/api/schemas';
import { silentLogger } from '../../../src-main/shared/logger';
import { exampleOf } from './exampleOf';
import { clientFor, fakePbx, TOKEN_PATH } from './fakePbx';

const MiB = 1024 * 1024;

/** What the streaming server sent per request, and whether the client hung up on it. */
const sent = new Map<string, { bytes: number; closed: boolean }>();
let server: Server;
let origin: string;

/** Writes `chunk` again and again, as fast as the client reads, until the client goes away. */
function streamForever(response: ServerResponse, record: { bytes: number; closed: boolean }): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  response.write('{"success":true,"data":[');
  const pump = () => {
    while (!record.closed && record.bytes < 2048 * MiB) {
      record.bytes += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
  };
  pump();
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const record = { bytes: 0, closed: false };
    sent.set(request.url ?? '', record);
    response.on('close', () => (record.closed = true));
    if (request.url?.startsWith('/declared')) {
      // Says 10 GiB up front and then trickles: the client need not read any of it.
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(10 * 1024 * MiB),
      });
      response.write('{');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length up front
    streamForever(response, record);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function transport(fetch: FetchLike) {
  return new HttpTransport({
    fetch,
    timeoutMs: 30_000,
    clock: { now: () => Date.now() },
    logger: silentLogger,
  });
}

const undici = createUndiciFetch();
afterAll(() => undici.close());
/** Node's own fetch (a WHATWG body stream), as the pinned-certificate fetch and Electron's net.fetch give. */
const nodeFetch: FetchLike = (url, init) => fetch(url, init);

describe.each([
  ['undici request', undici.fetch],
  ['a WHATWG fetch', nodeFetch],
])('a streamed answer over the cap, through %s', (_name, fetchLike) => {
  it('fails with a coded error and closes the connection, having read little more than the cap', async () => {
    const path = `/huge/${_name.replaceAll(' ', '-')}`;
    const error = await transport(fetchLike)
      .send({ method: 'GET', url: new URL(path, origin), path, maxBodyBytes: 4 * MiB, retryWithinMs: 0 })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({
      code: 'server-error',
      reason: 'response-too-large',
      params: expect.objectContaining({ method: 'GET', path }),
    });
    expect((error as ServerError).message).toContain('more than 4 MB');
    const record = sent.get(path)!;
    await expect.poll(() => record.closed).toBe(true);
    // What the server got out before the client hung up: the cap, plus what sat in socket buffers.
    expect(record.bytes).toBeLessThan(64 * MiB);
  });

  it('fails at once when the declared length is over the cap, reading nothing', async () => {
    const path = `/declared/${_name.replaceAll(' ', '-')}`;
    await expect(
      transport(fetchLike).send({ method: 'GET', url: new URL(path, origin), path, maxBodyBytes: MiB }),
    ).rejects.toMatchObject({ code: 'server-error', reason: 'response-too-large' });
    await expect.poll(() => sent.get(path)!.closed).toBe(true);
  });
});

/** An envelope padded with JSON whitespace to `bytes`, generated as it is read (counted in `pulled`). */
function paddedEnvelope(data: unknown, bytes: number, pulled = { bytes: 0 }): Response {
  const head = new TextEncoder().encode(`{"success":true,"data":${JSON.stringify(data)}`);
  const padding = new Uint8Array(MiB).fill(0x20);
  let left = bytes - head.length - 1;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        return controller.enqueue(head);
      }
      if (left <= 0) {
        controller.enqueue(new TextEncoder().encode('}'));
        return controller.close();
      }
      const size = Math.min(left, padding.length);
      left -= size;
      pulled.bytes += size;
      controller.enqueue(padding.subarray(0, size));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('the caps of the PBX client', () => {
  const user = { ...exampleOf(User), id: 1, name: 'Jana', external_id: null };

  it('are 2 MiB for a page, 16 MiB for a whole list and 4 MiB for one record', () => {
    expect(MAX_BODY_BYTES).toEqual({ page: 2 * MiB, list: 16 * MiB, record: 4 * MiB });
  });

  it('refuses a hostile 60 MB page of persons having pulled little more than the page cap', async () => {
    const pbx = fakePbx();
    const { client } = clientFor(pbx);
    const person = {
      id: 1,
      group_id: 1,
      displayname: 'Jana',
      firstname: 'Jana',
      lastname: 'Nová',
      external_id: null,
    };
    const pulled = { bytes: 0 };
    pbx.on('GET', '/api/v1.0/crm/persons', () => paddedEnvelope([person], 1.5 * MiB));
    await expect(client.persons.list({ limit: 500 })).resolves.toMatchObject({ items: [{ id: 1 }] });
    pbx.on('GET', '/api/v1.0/crm/persons', () => paddedEnvelope([person], 60 * MiB, pulled));
    await expect(client.persons.list({ limit: 500 })).rejects.toMatchObject({ reason: 'response-too-large' });
    // A page of 500 persons is about 100 kB: the 60 MB were never buffered.
    expect(pulled.bytes).toBeLessThan(4 * MiB);
  });

  it('reads a list over the record cap, and refuses one over the list cap', async () => {
    const pbx = fakePbx();
    const { client } = clientFor(pbx);
    pbx.on('GET', '/api/v1.0/users', () => paddedEnvelope([user], 6 * MiB));
    await expect(client.users.list()).resolves.toHaveLength(1);
    pbx.on('GET', '/api/v1.0/users', () => paddedEnvelope([user], 17 * MiB));
    await expect(client.users.list()).rejects.toMatchObject({
      code: 'server-error',
      reason: 'response-too-large',
    });
  });

  it('refuses one record over 4 MiB, and so a token answer', async () => {
    const pbx = fakePbx();
    const { client } = clientFor(pbx);
    pbx.on('GET', '/api/v1.0/user/1', () => paddedEnvelope(user, 6 * MiB));
    await expect(client.users.get(1)).rejects.toMatchObject({ reason: 'response-too-large' });
    pbx.on('GET', '/api/v1.0/user/1', () => paddedEnvelope(user, 3 * MiB));
    await expect(client.users.get(1)).resolves.toMatchObject({ id: 1 });

    const other = fakePbx();
    other.onToken(() => paddedEnvelope(null, 6 * MiB));
    await expect(clientFor(other).client.authenticate()).rejects.toMatchObject({
      reason: 'response-too-large',
      params: expect.objectContaining({ path: expect.stringContaining(TOKEN_PATH) }),
    });
  });
});
