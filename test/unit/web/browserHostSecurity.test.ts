/**
 * The browser host's security rules, each against a real server on port 0 with a fake core: nothing without
 * the session cookie, loopback Host names only (DNS rebinding), the page's own Origin for WebSockets
 * (cross-site WebSocket hijacking), no CORS, the desktop's CSP and the anti-framing headers, and loopback
 * binding unless --allow-remote. Links, sessions and the page key: browserHostSignIn.test.ts.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_PATH } from '../../../src-main/shared/wsProtocol';
import { startBrowserHost } from '../../../src-main/web/browserHost';
import { spyLogger } from '../../support/spyLogger';
import {
  fakeCore,
  makeRendererDirectory,
  openTab,
  PAGE_MARKER,
  rawRequest,
  signIn,
  startTestHost,
  UPGRADE_HEADERS,
  type TestHost,
} from './browserHostFixture';

let test: TestHost;
let cookie: string;
const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(test.host.port, path, { host: test.authority, ...headers });

beforeAll(async () => {
  test = await startTestHost({ core: fakeCore() });
  ({ cookie } = await signIn(test));
});
afterAll(() => test.close());

describe('without the cookie or the token', () => {
  it.each(['/', '/index.html', '/assets/app-1234.js', '/missing'])(
    '%s is 401 with no app data',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(401);
      expect(response.body).not.toContain(PAGE_MARKER);
    },
  );

  it('answers a navigation from another site (a tel: link) with one same-site reload, no app data', async () => {
    const crossSite = { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'cross-site' };
    const first = await get('/?dial=tel%3A%2B420777123456', crossSite);
    expect(first.status).toBe(200);
    expect(first.body).not.toContain(PAGE_MARKER);
    expect(first.body).toContain(
      '<meta http-equiv="refresh" content="0; url=/?dial=tel%3A%2B420777123456&#38;same-site=1">',
    );
    // The reload is same-site, so a signed-in browser sends its cookie; one that has none gets the 401.
    const reload = await get('/?dial=tel%3A%2B420777123456&same-site=1', crossSite);
    expect(reload.status).toBe(401);
    // Only top-level navigations: a script or a fetch from another site gets the plain 401.
    const fetched = await get('/?dial=1', { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'cross-site' });
    expect(fetched.status).toBe(401);
  });

  it('refuses a wrong cookie', async () => {
    const response = await get('/', { cookie: `${cookie.split('=')[0]}=${'A'.repeat(43)}` });
    expect(response.status).toBe(401);
  });

  it('refuses the WebSocket upgrade', async () => {
    const response = await get(WS_PATH, { ...UPGRADE_HEADERS, origin: `http://${test.authority}` });
    expect(response.upgraded).toBe(false);
    expect(response.status).toBe(401);
  });

  it('serves the page and its scripts with the cookie', async () => {
    const page = await get('/', { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain(PAGE_MARKER);
    const script = await get('/assets/app-1234.js', { cookie: `other=1; ${cookie}` });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });
});

describe('the Host header (DNS rebinding)', () => {
  it.each(['127.0.0.1', 'localhost', '[::1]'])(
    'accepts %s on any port (SSH port forwarding)',
    async (name) => {
      for (const host of [name, `${name}:8080`, `${name}:${test.host.port}`]) {
        expect((await get('/', { host, cookie })).status).toBe(200);
      }
    },
  );

  it.each(['evil.example', 'evil.example:47300', '127.0.0.1.evil.example', '192.168.1.10', 'localhost.', ''])(
    'refuses %j even with the cookie',
    async (host) => {
      const response = await get('/', { host, cookie });
      expect(response.status).toBe(403);
      expect(response.body).not.toContain(PAGE_MARKER);
    },
  );

  it('refuses a WebSocket upgrade for another host', async () => {
    const response = await get(WS_PATH, {
      ...UPGRADE_HEADERS,
      host: 'evil.example',
      origin: 'http://evil.example',
      cookie,
    });
    expect(response.upgraded).toBe(false);
    expect(response.status).toBe(403);
  });
});

describe('the WebSocket Origin (cross-site WebSocket hijacking)', () => {
  it.each([
    ['another site', 'http://evil.example'],
    ['another port', 'http://127.0.0.1:1'],
    ['another loopback name', 'http://localhost:%port%'],
    ['https', 'https://127.0.0.1:%port%'],
    ['an opaque origin', 'null'],
  ])('refuses %s', async (_name, origin) => {
    const response = await get(WS_PATH, {
      ...UPGRADE_HEADERS,
      origin: origin.replace('%port%', String(test.host.port)),
      cookie,
    });
    expect(response.upgraded).toBe(false);
    expect(response.status).toBe(403);
  });

  it('refuses an upgrade without an Origin', async () => {
    const response = await get(WS_PATH, { ...UPGRADE_HEADERS, cookie });
    expect(response.upgraded).toBe(false);
  });

  it('accepts the page own origin, whichever loopback name it was opened under', async () => {
    for (const host of [test.authority, `localhost:${test.host.port}`]) {
      const response = await get(WS_PATH, { ...UPGRADE_HEADERS, host, origin: `http://${host}`, cookie });
      expect(response.upgraded).toBe(true);
    }
  });
});

describe('response headers', () => {
  it('sends no CORS headers, even to a preflight', async () => {
    const responses = [
      await get('/', { cookie, origin: 'http://evil.example' }),
      await get('/', { origin: 'http://evil.example', 'access-control-request-method': 'GET' }),
      await rawRequest(
        test.host.port,
        '/',
        {
          host: test.authority,
          cookie,
          origin: 'http://evil.example',
          'access-control-request-method': 'POST',
        },
        'OPTIONS',
      ),
    ];
    for (const response of responses) {
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('carries a CSP as strict as the desktop window, plus frame-ancestors, on every HTML response', async () => {
    const html = readFileSync('src-renderer/index.html', 'utf8');
    const desktop = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)![1]!;
    for (const path of ['/', '/index.html']) {
      const response = await get(path, { cookie });
      expect(response.headers['content-type']).toMatch(/text\/html/);
      const policy = response.headers['content-security-policy'] as string;
      const directives = policy.split(';').map((directive) => directive.trim());
      for (const directive of desktop.split(';').map((part) => part.trim())) {
        expect(directives).toContain(directive);
      }
      expect(directives).toContain("frame-ancestors 'none'");
    }
  });

  it('sends nosniff, no-referrer and DENY framing on pages, scripts and refusals alike', async () => {
    for (const response of [
      await get('/', { cookie }),
      await get('/assets/app-1234.js', { cookie }),
      await get('/'),
      await get('/', { host: 'evil.example' }),
      await get(`/?token=${test.host.issueLink().split('token=')[1]}`),
      await get(`/?token=${'A'.repeat(43)}`),
    ]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('lets no cache keep the page, the page with its key, or a refusal', async () => {
    expect((await get('/', { cookie })).headers['cache-control']).toBe('no-store');
    const link = new URL(test.host.issueLink());
    expect((await get(`${link.pathname}${link.search}`)).headers['cache-control']).toBe('no-store');
    expect((await get(`${link.pathname}${link.search}`)).headers['cache-control']).toBe('no-store');
  });
});

describe('binding', () => {
  it('refuses a non-loopback address without --allow-remote', async () => {
    const renderer = makeRendererDirectory();
    try {
      await expect(
        startBrowserHost({
          core: fakeCore(),
          logger: spyLogger(),
          rendererDirectory: renderer.directory,
          port: 0,
          host: '0.0.0.0',
        }),
      ).rejects.toThrow(/--allow-remote/);
    } finally {
      renderer.remove();
    }
  });

  it('binds beyond loopback with --allow-remote, with a warning, still refusing names that could be rebound', async () => {
    const logger = spyLogger();
    const remote = await startTestHost({ core: fakeCore(), logger, host: '0.0.0.0', allowRemote: true });
    try {
      expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('reachable from other machines'));
      expect(remote.host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
      const { cookie: remoteCookie } = await signIn(remote);
      const at = (host: string) => rawRequest(remote.host.port, '/', { host, cookie: remoteCookie });
      expect((await at(`192.168.1.10:${remote.host.port}`)).status).toBe(200);
      expect((await at('evil.example')).status).toBe(403);
      expect((await at('/')).status).toBe(403);
    } finally {
      await remote.close();
    }
  });

  it('the tabs of a stopped server are closed and its port refuses connections', async () => {
    const stopping = await startTestHost({ core: fakeCore() });
    const tab = await openTab(stopping, await signIn(stopping));
    const closed = new Promise((resolve) => tab.socket.addEventListener('close', resolve));
    await stopping.close();
    await closed;
    await expect(rawRequest(stopping.host.port, '/', { host: stopping.authority })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });
});
