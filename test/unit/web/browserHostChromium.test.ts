/**
 * The browser host in a real Chromium (CHROMIUM_PATH; skipped without one): the launch URL loads the page and
 * drops the token from the address bar, the cookie is out of the page's reach, and the desktop's CSP with
 * `connect-src 'self'` lets the page open its own ws: socket (CSP3 'self' matches ws: of the same host).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeCore, makeRendererDirectory, PAGE_MARKER } from './browserHostFixture';
import { startBrowserHost, type BrowserHost } from '../../../src-main/web/browserHost';
import { silentLogger } from '../../../src-main/shared/logger';

const chromiumPath = process.env['CHROMIUM_PATH'];

describe.skipIf(!chromiumPath)('in Chromium', () => {
  let browser: Browser;
  let host: BrowserHost;
  let renderer: ReturnType<typeof makeRendererDirectory>;
  beforeAll(async () => {
    renderer = makeRendererDirectory();
    const desktopPolicy = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(
      readFileSync('src-renderer/index.html', 'utf8'),
    )![1]!;
    writeFileSync(
      join(renderer.directory, 'index.html'),
      `<!doctype html><meta http-equiv="Content-Security-Policy" content="${desktopPolicy}"><title>${PAGE_MARKER}</title><script type="module" src="/assets/app-1234.js"></script>`,
    );
    writeFileSync(
      join(renderer.directory, 'assets', 'app-1234.js'),
      `const socket = new WebSocket('ws://' + location.host + '/ws');
       socket.onmessage = (event) => { document.title = 'frame:' + JSON.parse(event.data).type; };
       socket.onerror = () => { document.title = 'socket error'; };`,
    );
    host = await startBrowserHost({
      core: fakeCore(),
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

  it('opens the launch URL, hides the token and the cookie, and connects the WebSocket under the CSP', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(host.url);
    await page.waitForFunction(
      () => document.title.startsWith('frame:') || document.title === 'socket error',
    );
    expect(await page.title()).toBe('frame:hello');
    expect(page.url()).toBe(`http://127.0.0.1:${host.port}/`);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(violations).toEqual([]);
    await page.close();
  });

  it('a page of another origin cannot open the socket, though the browser holds a cookie for both', async () => {
    const page = await browser.newPage();
    // SameSite=Strict keeps the cookie home and the Origin check refuses the rest (each tested alone in
    // browserHostSecurity.test.ts); here, that a real browser ends up refused.
    await page.goto(host.url);
    await page.goto(`http://localhost:${host.port}/?token=${host.token}`);
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
    await page.close();
  });
});
