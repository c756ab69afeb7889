/**
 * A team server's page reads its page key again from the app page as the server serves it now (over real
 * HTTP, as after a restart of the server): a new key is kept; the same key, a page without one, or a refused
 * session (401) keep nothing and say so.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_KEY_META, PAGE_KEY_STORAGE_KEY } from '../../src-main/shared/wsProtocol';
import { renewPageKey } from '../../src-renderer/lib/transport/connectBrowserHost';

/** What the server answers for `/` next. */
let answer: { status: number; key?: string } = { status: 200 };
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const meta = answer.key ? `<meta name="${PAGE_KEY_META}" content="${answer.key}">` : '';
    response.writeHead(answer.status, { 'content-type': 'text/html' });
    response.end(`<!doctype html><html><head>${meta}</head><body></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function storage(key: string | null) {
  const kept = new Map<string, string>(key ? [[PAGE_KEY_STORAGE_KEY, key]] : []);
  return {
    getItem: (name: string) => kept.get(name) ?? null,
    setItem: (name: string, value: string) => void kept.set(name, value),
  };
}

describe("a team server's page reading its key again", () => {
  it('keeps the key the restarted server gives it', async () => {
    answer = { status: 200, key: 'key-of-the-new-process' };
    const kept = storage('key-of-the-old-process');
    await expect(renewPageKey({ origin }, kept)).resolves.toBe(true);
    expect(kept.getItem(PAGE_KEY_STORAGE_KEY)).toBe('key-of-the-new-process');
  });

  it('says no when the server gives the key it just refused, none, or refuses the session', async () => {
    for (const [served, status] of [
      ['key-kept', 200],
      [undefined, 200],
      ['key-of-a-login-page', 401],
    ] as const) {
      answer = { status, key: served };
      const kept = storage('key-kept');
      await expect(renewPageKey({ origin }, kept)).resolves.toBe(false);
      expect(kept.getItem(PAGE_KEY_STORAGE_KEY)).toBe('key-kept');
    }
  });
});
