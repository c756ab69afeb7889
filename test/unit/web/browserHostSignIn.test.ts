/**
 * Links, sessions and the page key, against a real server on port 0, acting as an attacker would: a link
 * works once and for minutes, a spent one says how to get another in the browser's language, the session
 * cookie alone (as another server on 127.0.0.1 receives it) opens no WebSocket, and only a local process
 * that can read the profile's link file gets a fresh link.
 */
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_SIGNED_OUT, PAGE_KEY_META, WS_PATH } from '../../../src-main/shared/wsProtocol';
import { TOKEN_LIFETIME_MS } from '../../../src-main/web/browserSessions';
import { LINK_REQUEST_PATH } from '../../../src-main/web/freshLink';
import {
  fakeCore,
  openTab,
  PAGE_MARKER,
  rawRequest,
  signIn,
  startTestHost,
  type TestHost,
} from './browserHostFixture';

let test: TestHost;
let clock = 0;
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(test.host.port, path, { host: test.authority, ...headers });

beforeAll(async () => {
  test = await startTestHost({ core: fakeCore(), now: () => clock });
});
afterAll(() => test.close());

describe('a link', () => {
  it('signs in once: the page with its key and a per-launch HttpOnly, SameSite=Strict cookie', async () => {
    const link = test.host.issueLink();
    expect(Buffer.from(new URL(link).searchParams.get('token')!, 'base64url').length).toBeGreaterThanOrEqual(
      32,
    );
    const first = await get(pathOf(link));
    expect(first.status).toBe(200);
    expect(first.body).toContain(PAGE_MARKER);
    expect(first.body).toMatch(new RegExp(`<meta name="${PAGE_KEY_META}" content="[A-Za-z0-9_-]{43}">`));
    const setCookie = first.headers['set-cookie']![0]!;
    expect(setCookie).toMatch(/^ringside_session_[0-9a-f]{12}=[A-Za-z0-9_-]{43}; /);
    expect(setCookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict']);

    const again = await get(pathOf(link));
    expect(again.status).toBe(401);
    expect(again.body).not.toContain(PAGE_MARKER);
    expect(again.body).toContain('npm start -- --browser');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('expires unused after its lifetime', async () => {
    const link = test.host.issueLink();
    clock += TOKEN_LIFETIME_MS + 1;
    expect((await get(pathOf(link))).status).toBe(401);
    const fresh = test.host.issueLink();
    clock += TOKEN_LIFETIME_MS - 1000;
    expect((await get(pathOf(fresh))).status).toBe(200);
  });

  it('means nothing to another launch, and a wrong token gets no cookie', async () => {
    const other = await startTestHost({ core: fakeCore() });
    try {
      const response = await rawRequest(other.host.port, pathOf(test.host.issueLink()), {
        host: other.authority,
      });
      expect(response.status).toBe(401);
      expect(response.headers['set-cookie']).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('is used up by a GET only (a HEAD or a POST neither signs in nor spends it)', async () => {
    const link = test.host.issueLink();
    for (const method of ['HEAD', 'POST']) {
      const response = await rawRequest(test.host.port, pathOf(link), { host: test.authority }, method);
      expect(response.status).toBe(401);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect((await get(pathOf(link))).status).toBe(200);
  });

  it.each([
    ['cs-CZ,cs;q=0.9,en;q=0.8', 'tento odkaz už byl použit', 'cs-CZ'],
    ['de-DE,sk;q=0.7,en;q=0.5', 'tento odkaz už bol použitý', 'sk-SK'],
    ['fr', 'this link has been used already', 'en-US'],
  ])('says how to get a new one in the browser language (%s)', async (acceptLanguage, text, tag) => {
    const response = await get(`/?token=${'A'.repeat(43)}`, { 'accept-language': acceptLanguage });
    expect(response.status).toBe(401);
    expect(response.body).toContain(text);
    expect(response.headers['content-language']).toBe(tag);
  });
});

describe('the session cookie alone (as another server on 127.0.0.1 receives it)', () => {
  /** Replays the cookie with the page's own Origin and Host forged, as a non-browser client can. */
  async function replay(
    firstFrame: string | null,
    cookie: string,
  ): Promise<{ code: number; frames: string[] }> {
    const socket = new WebSocket(`ws://${test.authority}${WS_PATH}`, {
      headers: { cookie, origin: `http://${test.authority}` },
    });
    const frames: string[] = [];
    socket.addEventListener('message', (event) => frames.push(String(event.data)));
    const closed = new Promise<number>((resolve) =>
      socket.addEventListener('close', (event) => resolve(event.code)),
    );
    await new Promise((resolve) => socket.addEventListener('open', resolve));
    if (firstFrame !== null) socket.send(firstFrame);
    socket.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'app:info' }));
    return { code: await closed, frames };
  }

  it.each([
    ['an invoke first', null],
    ['no key', JSON.stringify({ type: 'auth', key: '' })],
    ['a guessed key', JSON.stringify({ type: 'auth', key: 'A'.repeat(43) })],
    ['the cookie value as the key', 'cookie'],
  ])('opens a WebSocket that is closed, signed out, with %s', async (_name, frame) => {
    const { cookie } = await signIn(test);
    const sent = frame === 'cookie' ? JSON.stringify({ type: 'auth', key: cookie.split('=')[1] }) : frame;
    const { code, frames } = await replay(sent, cookie);
    expect(code).toBe(CLOSE_SIGNED_OUT);
    // Not even the hello: no channel list, no event, no result.
    expect(frames).toEqual([]);
  });

  it("another session's key does not fit this session's cookie", async () => {
    const mine = await signIn(test);
    const theirs = await signIn(test);
    const { code } = await replay(JSON.stringify({ type: 'auth', key: theirs.pageKey }), mine.cookie);
    expect(code).toBe(CLOSE_SIGNED_OUT);
    const tab = await openTab(test, mine);
    expect(await tab.next(() => true)).toMatchObject({ type: 'hello' });
    tab.close();
  });
});

describe('a fresh link for a local process', () => {
  const ask = (headers: Record<string, string>) =>
    rawRequest(test.host.port, LINK_REQUEST_PATH, { host: test.authority, ...headers }, 'POST');

  it('is given to the holder of the link secret, and works', async () => {
    const response = await ask({ authorization: `Bearer ${test.host.linkSecret}` });
    expect(response.status).toBe(200);
    const { url } = JSON.parse(response.body) as { url: string };
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${test.host.port}/\\?token=`));
    expect((await get(pathOf(url))).status).toBe(200);
  });

  it('is refused without the secret, with a wrong one, to a browser (an Origin), or with a session cookie', async () => {
    const { cookie } = await signIn(test);
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${'A'.repeat(43)}` },
      { authorization: `Bearer ${test.host.linkSecret}`, origin: `http://${test.authority}` },
      { cookie },
    ];
    for (const headers of attempts) {
      const response = await ask(headers);
      expect(response.status).toBe(403);
      expect(response.body).not.toContain('token=');
    }
  });
});
