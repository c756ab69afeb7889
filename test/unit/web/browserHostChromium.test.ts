/**
 * The browser host in a real Chromium (CHROMIUM_PATH; skipped without one): a link loads the page, whose
 * WebSocket signs in with the page key under the desktop's CSP (CSP3 'self' matches ws: of the same host);
 * the cookie is out of the page's reach; a page of another origin cannot open the socket; the cookie the
 * browser sends to another server on 127.0.0.1 opens nothing there when replayed; and an oversized frame
 * closes the connection with 1009 as Chromium sees it.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { WebSocket as NodeWebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandHandlers } from '../../../src-main/shared/contract';
import { silentLogger } from '../../../src-main/shared/logger';
import {
  CLOSE_SIGNED_OUT,
  MAX_FRAME_BYTES,
  PAGE_KEY_META,
  PAGE_KEY_STORAGE_KEY,
  WS_PATH,
} from '../../../src-main/shared/wsProtocol';
import { startBrowserHost, type BrowserHost } from '../../../src-main/web/browserHost';
import { fakeCore, makeRendererDirectory, PAGE_MARKER } from './browserHostFixture';

const chromiumPath = process.env['CHROMIUM_PATH'];

/** The stand-in page: keeps the key as the app does, signs its socket in, and reports in its title. */
const STAND_IN_SCRIPT = `
  const meta = document.querySelector('meta[name="${PAGE_KEY_META}"]');
  if (meta) localStorage.setItem('${PAGE_KEY_STORAGE_KEY}', meta.content);
  const socket = new WebSocket('ws://' + location.host + '${WS_PATH}');
  window.socket = socket;
  socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', key: localStorage.getItem('${PAGE_KEY_STORAGE_KEY}') || '' }));
  socket.onmessage = (event) => { document.title = 'frame:' + JSON.parse(event.data).type; };
  socket.onclose = (event) => { document.title = 'closed:' + event.code; };`;

/** The commands an attacker wants; each records that it ran. */
function recordingCore(ran: string[]) {
  const core = fakeCore();
  const record = (channel: string) => async () => {
    ran.push(channel);
    return null;
  };
  for (const channel of ['calls:dial', 'calls:control', 'history:list', 'settings:save', 'settings:get']) {
    (core.commands as unknown as Record<string, unknown>)[channel] = record(channel);
  }
  return core as typeof core & { commands: CommandHandlers };
}

describe.skipIf(!chromiumPath)('in Chromium', () => {
  let browser: Browser;
  let host: BrowserHost;
  let renderer: ReturnType<typeof makeRendererDirectory>;
  const ran: string[] = [];
  beforeAll(async () => {
    renderer = makeRendererDirectory();
    const desktopPolicy = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(
      readFileSync('src-renderer/index.html', 'utf8'),
    )![1]!;
    writeFileSync(
      join(renderer.directory, 'index.html'),
      `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${desktopPolicy}"><title>${PAGE_MARKER}</title><script type="module" src="/assets/app-1234.js"></script></head></html>`,
    );
    writeFileSync(join(renderer.directory, 'assets', 'app-1234.js'), STAND_IN_SCRIPT);
    host = await startBrowserHost({
      core: recordingCore(ran),
      logger: silentLogger,
      rendererDirectory: renderer.directory,
      port: 0,
    });
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    renderer?.remove();
  });

  async function signedInPage(): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(host.issueLink());
    await page.waitForFunction(() => /^(frame|closed):/.test(document.title));
    expect(await page.title()).toBe('frame:hello');
    return page;
  }

  it('opens a link, keeps the cookie from the page, and signs the WebSocket in under the CSP', async () => {
    const page = await (await browser.newContext()).newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(host.url);
    await page.waitForFunction(() => /^(frame|closed):/.test(document.title));
    expect(await page.title()).toBe('frame:hello');
    expect(await page.evaluate(() => document.cookie)).toBe('');
    // A reload has no link: the cookie and the key the page kept sign it in again.
    await page.goto(`http://127.0.0.1:${host.port}/`);
    await page.waitForFunction(() => /^(frame|closed):/.test(document.title));
    expect(await page.title()).toBe('frame:hello');
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('a page of another origin cannot open the socket, though the browser holds a cookie for both', async () => {
    const page = await signedInPage();
    await page.goto(`http://localhost:${host.port}${new URL(host.issueLink()).search}`);
    const opened = await page.evaluate(
      (port) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
          socket.onopen = () => resolve('open');
          socket.onerror = () => resolve('refused');
        }),
      host.port,
    );
    expect(opened).toBe('refused');
    await page.context().close();
  });

  describe('another server on 127.0.0.1 (another user, on a shared machine)', () => {
    let listener: Server;
    const received: { cookie: string; headers: Record<string, unknown> }[] = [];
    beforeAll(async () => {
      listener = createServer((request, response) => {
        received.push({ cookie: request.headers.cookie ?? '', headers: request.headers });
        response.end('<!doctype html><title>elsewhere</title>');
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

    it('receives the session cookie, and replayed with a forged Origin it dials, hangs up, reads and changes nothing', async () => {
      const page = await signedInPage();
      const port = (listener.address() as { port: number }).port;
      await page.goto(`http://127.0.0.1:${port}/`);
      // Cookies ignore ports: the browser hands the session cookie to this other server.
      const stolen = received.at(-1)!.cookie;
      expect(stolen).toMatch(/ringside_session_[0-9a-f]+=/);
      expect(JSON.stringify(received)).not.toContain(await pageKeyOf(page, host));

      ran.length = 0;
      const attempts = [
        { type: 'invoke', id: 1, channel: 'calls:dial', args: { number: '+420601234567' } },
        { type: 'auth', key: stolen.split('=')[1] },
        { type: 'auth', key: '' },
      ];
      for (const first of attempts) {
        const socket = new NodeWebSocket(`ws://127.0.0.1:${host.port}${WS_PATH}`, {
          headers: {
            cookie: stolen,
            origin: `http://127.0.0.1:${host.port}`,
            host: `127.0.0.1:${host.port}`,
          },
        });
        const frames: string[] = [];
        socket.addEventListener('message', (event) => frames.push(String(event.data)));
        const closed = new Promise<number>((resolve) =>
          socket.addEventListener('close', (event) => resolve(event.code)),
        );
        await new Promise((resolve) => socket.addEventListener('open', resolve));
        socket.send(JSON.stringify(first));
        for (const [id, channel] of [
          'calls:dial',
          'calls:control',
          'history:list',
          'settings:save',
        ].entries()) {
          socket.send(JSON.stringify({ type: 'invoke', id: id + 2, channel, args: {} }));
        }
        expect(await closed).toBe(CLOSE_SIGNED_OUT);
        expect(frames).toEqual([]);
      }
      expect(ran).toEqual([]);
      await page.context().close();
    });
  });

  it('an oversized frame closes that connection with 1009, as the page sees it', async () => {
    const page = await signedInPage();
    await page.evaluate(
      (size) => (window as unknown as { socket: WebSocket }).socket.send('x'.repeat(size)),
      4 * MAX_FRAME_BYTES + 1,
    );
    await page.waitForFunction(() => document.title.startsWith('closed:'), undefined, { timeout: 10_000 });
    expect(await page.title()).toBe('closed:1009');
    await page.context().close();
  });
});

/** The key the page keeps (read from its storage, to prove the other server never saw it). */
async function pageKeyOf(page: Page, host: BrowserHost): Promise<string> {
  const other = await page.context().newPage();
  await other.goto(`${host.origin}/`);
  const key = await other.evaluate((name) => localStorage.getItem(name) ?? '', PAGE_KEY_STORAGE_KEY);
  await other.close();
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return key;
}
