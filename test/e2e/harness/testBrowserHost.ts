/**
 * The browser host (src-main/web/) as the end-to-end suite runs it: in the test process, on a free port of
 * 127.0.0.1, serving the BUILT renderer (what `npm run start:browser` serves) and carrying the given core's
 * commands and events over its real WebSocket. Only the core is the test's.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';
import { startBrowserHost, type BrowserHost, type BrowserHostCore } from '../../../src-main/web/browserHost';
import { silentLogger, type Logger } from '../../../src-main/shared/logger';
import { cookieOf, pageKeyOf, PAGE_KEY_STORAGE_KEY } from '../../support/browserHostSignIn';

const rendererDirectory = fileURLToPath(new URL('../../../out/renderer', import.meta.url));

export interface TestBrowserHostOptions {
  core: BrowserHostCore;
  logger?: Logger;
  /** 0 (the default) picks a free port; a restart passes the port it had. */
  port?: number;
}

export async function startTestBrowserHost({
  core,
  logger = silentLogger,
  port = 0,
}: TestBrowserHostOptions): Promise<BrowserHost> {
  if (!existsSync(`${rendererDirectory}/index.html`)) {
    throw new Error(
      'out/renderer/index.html is missing: run `npx electron-vite build` first (npm run test:e2e does).',
    );
  }
  return startBrowserHost({ core, logger, rendererDirectory, port });
}

/**
 * Signs a browser context in, as opening a fresh link does (test/support/browserHostSignIn.ts), without
 * loading the app before the test opens the screen it wants: the link's answer gives the context the session
 * cookie, and the page key it carries is put into the origin's localStorage before any page of the context
 * runs (unless a page already keeps one). Returns the key.
 */
export async function signIn(context: BrowserContext, host: BrowserHost): Promise<string> {
  const response = await context.request.get(host.issueLink(), { maxRedirects: 0 });
  if (response.status() !== 200) {
    throw new Error(`Opening a browser host link answered ${response.status()}, not 200 with the page key.`);
  }
  cookieOf(response.headers()['set-cookie']);
  const pageKey = pageKeyOf(await response.text());
  await context.addInitScript(
    ({ origin, storageKey, key }) => {
      if (window.location.origin === origin && !window.localStorage.getItem(storageKey)) {
        window.localStorage.setItem(storageKey, key);
      }
    },
    { origin: host.origin, storageKey: PAGE_KEY_STORAGE_KEY, key: pageKey },
  );
  return pageKey;
}
