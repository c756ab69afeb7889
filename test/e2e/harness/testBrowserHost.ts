/**
 * The browser host (src-main/web/) as the end-to-end suite runs it: in the test process, on a free port of
 * 127.0.0.1, serving the BUILT renderer (what `npm run start:browser` serves) and carrying the given core's
 * commands and events over its real WebSocket. Only the core is the test's.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { startBrowserHost, type BrowserHost, type BrowserHostCore } from '../../../src-main/web/browserHost';
import { silentLogger, type Logger } from '../../../src-main/shared/logger';

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
 * Trades the printed URL's token for the session cookie in a browser context, as opening the URL does
 * (303 with the cookie), without loading the app before the test opens the screen it wants.
 */
export async function signIn(request: APIRequestContext, host: BrowserHost): Promise<void> {
  const response = await request.get(host.url, { maxRedirects: 0 });
  if (response.status() !== 303) {
    throw new Error(`Opening the browser host's URL answered ${response.status()}, not 303 with the cookie.`);
  }
}
