/**
 * An enrollment link in a real Chromium (CHROMIUM_PATH; skipped without one), under the browser host's CSP
 * (no inline script): the page takes the token from the fragment, clears it from the address bar, redeems
 * it and lands signed in, with a cookie no script can read; no request the server saw carried the token.
 * The same link in another browser shows why it no longer works.
 */
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../../src-main/web/securityHeaders';
import { startSignInServer, type SignInServer } from './signInServer';

const chromiumPath = process.env['CHROMIUM_PATH'];

describe.skipIf(!chromiumPath)('an enrollment link in Chromium', { timeout: 60_000 }, () => {
  let browser: Browser;
  let server: SignInServer;
  /** Every request line the server received, as it would log them. */
  const requestLines: string[] = [];

  beforeAll(async () => {
    server = await startSignInServer({
      decorate: (app) => {
        app.addHook(
          'onRequest',
          async (request) => void requestLines.push(`${request.method} ${request.url}`),
        );
        app.addHook(
          'onSend',
          async (_request, reply) => void reply.header('content-security-policy', CONTENT_SECURITY_POLICY),
        );
        app.get('/', async (_request, reply) =>
          reply.type('text/html').send('<!doctype html><title>Ringside</title>'),
        );
      },
    });
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('signs the device in once, keeping the token out of every request', async () => {
    const { url } = server.enrollment.issue('jnovak', 'admin');
    const token = new URL(url).hash.slice(1);

    const page = await (await browser.newContext()).newPage();
    await page.goto(url);
    await page.waitForURL(`${server.origin}/`);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const whoami = await page.evaluate(async () => (await fetch('/whoami')).json());
    expect(whoami).toMatchObject({ agent: 'jnovak', method: 'enrollment' });
    expect(requestLines.some((line) => line.includes(token))).toBe(false);
    expect(requestLines).toContain('POST /auth/enroll');

    const other = await (await browser.newContext({ locale: 'cs-CZ' })).newPage();
    await other.goto(url);
    await other.waitForFunction(() => document.getElementById('status')?.textContent?.includes('použit'));
    expect(await other.textContent('#status')).toBe(
      'Tento přihlašovací odkaz už byl použit. Každý odkaz přihlásí jedno zařízení jen jednou; požádejte správce o nový.',
    );
    expect(new URL(other.url()).hash).toBe('');
    expect(await other.evaluate(async () => (await fetch('/whoami')).status)).toBe(401);
  });
});
