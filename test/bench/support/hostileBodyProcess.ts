/**
 * Run by hostileBody.bench.ts in a child process of its own (with `--expose-gc`), so its resident size is the
 * client's alone: a local "PBX" whose person list answers a hostile 60 MB page (streamed without a length, and
 * declared with one), read by the real PbxClient over real HTTP. Sends the resident sizes back over IPC.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createUndiciFetch, PbxClient } from '../../../src-main/api';
import { silentLogger } from '../../../src-main/shared/logger';

const MiB = 1024 * 1024;
const HOSTILE_BYTES = 60 * MiB;
const ROUNDS = 3;

const person = { id: 1, group_id: 1, displayname: 'Jana Nová', firstname: 'Jana', lastname: 'Nová' };

/** A page of persons padded with spaces to `bytes`, written as fast as the client reads. */
function paddedPage(response: ServerResponse, bytes: number, declared: boolean): void {
  const head = `{"success":true,"total":1,"data":[${JSON.stringify(person)}]`;
  response.writeHead(200, {
    'content-type': 'application/json',
    ...(declared ? { 'content-length': String(bytes) } : {}),
  });
  response.write(head);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = Buffer.byteLength(head);
  const pump = () => {
    while (sent < bytes - 1) {
      const part = chunk.subarray(0, Math.min(chunk.length, bytes - 1 - sent));
      sent += part.length;
      if (!response.write(part)) return void response.once('drain', pump);
    }
    response.end('}');
  };
  response.on('close', () => (sent = bytes));
  pump();
}

const server = createServer((request, response) => {
  if (request.url?.startsWith('/login/oauth2/token')) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ access_token: 'bench', token_type: 'Bearer', expires_in: 3600 }));
    return;
  }
  const hostile = request.url?.includes('hostile=');
  if (!hostile) return paddedPage(response, 64 * 1024, true);
  paddedPage(response, HOSTILE_BYTES, request.url!.includes('hostile=declared'));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const undici = createUndiciFetch();
const clientFor = (query: string) =>
  new PbxClient({
    baseUrl: `${origin}/api/v1.0`,
    clientId: 'bench',
    clientSecret: 'bench',
    fetch: (url, init) => undici.fetch(query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url, init),
    logger: silentLogger,
    clock: { now: () => Date.now() },
  });

const gc = (globalThis as { gc?: () => void }).gc!;
async function settledRss(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(200);
  }
  return process.memoryUsage().rss;
}

// Warm up on honest pages: what stays of loading and running the client counts before, not after.
const honest = clientFor('');
for (let i = 0; i < 20; i++) await honest.persons.list({ limit: 500 });
const before = await settledRss();

let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
let refused = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of ['streamed', 'declared']) {
    try {
      await clientFor(`hostile=${kind}`).persons.list({ limit: 500 });
    } catch (error) {
      if ((error as { reason?: string }).reason === 'response-too-large') refused += 1;
      else throw error;
    }
  }
}
clearInterval(sampler);
const after = await settledRss();

process.send!({ before, peak, after, refused, attempts: ROUNDS * 2 });
await undici.close();
server.closeAllConnections();
server.close();
