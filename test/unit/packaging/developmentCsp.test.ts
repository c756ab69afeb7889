/**
 * `npm run dev` under the CSP, in a real Chromium (CHROMIUM_PATH; skipped without one): Vite's dev server
 * with the renderer configuration of `electron-vite dev` serves the page, and its styles apply with no CSP
 * violation. With the production policy instead, the same page is unstyled (Vite injects styles as
 * <style> elements), which is why development gets a nonce, and only development.
 */
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createServer, type InlineConfig, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import defineRingsideConfig, { RENDERER_META_POLICY } from '../../../electron.vite.config';
import { projectRoot } from './standInElectron';

const chromiumPath = process.env['CHROMIUM_PATH'];

type ConfigFunction = (env: { command: 'serve'; mode: string }) => { renderer: InlineConfig };

/** Reads the accent colour tokens.css sets on :root (Vite injects it as a <style> once main.ts runs). */
async function accentColour(page: Page): Promise<string> {
  const deadline = Date.now() + 5_000;
  let accent = '';
  while (accent === '' && Date.now() < deadline) {
    accent = await page
      .evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim())
      .catch(() => '');
    if (accent === '') await page.waitForTimeout(100);
  }
  return accent;
}

async function loadPage(page: Page, url: string) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return { violations, accent: await accentColour(page) };
}

describe.skipIf(!chromiumPath)('the development server under its CSP, in Chromium', () => {
  let server: ViteDevServer;
  let browser: Browser;
  let url: string;

  beforeAll(async () => {
    const { renderer } = (defineRingsideConfig as unknown as ConfigFunction)({
      command: 'serve',
      mode: 'development',
    });
    server = await createServer({
      ...renderer,
      configFile: false,
      root: join(projectRoot, 'src-renderer'),
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: { host: '127.0.0.1' } },
    });
    await server.listen();
    const address = server.httpServer!.address() as { port: number };
    url = `http://127.0.0.1:${address.port}/`;
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('is styled, with no CSP violation', async () => {
    const page = await browser.newPage();
    const { violations, accent } = await loadPage(page, url);
    expect(violations).toEqual([]);
    expect(accent).toBe('#1d5bb8');
    await page.close();
  }, 30_000);

  it('would be unstyled under the production policy (what `npm run dev` showed before)', async () => {
    const page = await browser.newPage();
    await page.route(
      url,
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /content="[^"]*style-src[^"]*"/,
          `content="${RENDERER_META_POLICY}"`,
        );
        const { 'content-length': _length, ...headers } = response.headers();
        await route.fulfill({ status: response.status(), headers, body: html });
      },
      { times: 1 },
    );
    const { violations, accent } = await loadPage(page, url);
    expect(violations.length).toBeGreaterThan(0);
    expect(accent).toBe('');
    await page.close();
  }, 30_000);
});
