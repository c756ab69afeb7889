/**
 * The end-to-end harness: the built renderer in Chromium, the real AppCore in this process, joined by the
 * real browser host (src-main/web/): its server on 127.0.0.1, its WebSocket, the page's own client. The
 * page's browser context is signed in with the URL the host prints, before the test opens a screen.
 *
 *   import { test, expect } from './fixtures';
 *   test('…', async ({ page, appCore }) => { await page.goto('/'); … });
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { AppCore, type AppCoreDeps } from '../../src-main/app/appCore';
import { openCache, workerDetailWriterFactory } from '../../src-main/cache';
import { systemClock } from '../../src-main/shared/clock';
import { silentLogger } from '../../src-main/shared/logger';
import type { BrowserHost } from '../../src-main/web/browserHost';
import { signIn, startTestBrowserHost } from './harness/testBrowserHost';
import { createUserDataDirectory } from './secretScan';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  productName: string;
  version: string;
};

/**
 * AppCore's collaborators as the harness provides them, with `overrides` replacing any of them. Exported
 * for specs that construct AppCore themselves (e.g. a subclass, by overriding the `appCore` fixture).
 */
const builtDetailWriter = workerDetailWriterFactory({
  url: new URL('../../out/main/detailWriterWorker.js', import.meta.url),
});

export function resolveAppCoreDeps(overrides: Partial<AppCoreDeps> = {}): AppCoreDeps {
  return {
    clock: systemClock,
    logger: silentLogger,
    build: {
      name: manifest.productName,
      version: manifest.version,
      platform: process.platform,
      // No Electron here: the About panel shows only the runtimes that exist.
      versions: { node: process.versions.node },
    },
    mode: 'unconfigured',
    // The directory sync's writer thread as the app starts it: the bundle `electron-vite build` made.
    directorySync: { syncOptions: { detailWriter: builtDetailWriter } },
    ...overrides,
  };
}

export interface HarnessOptions {
  /** Replaces some of AppCore's collaborators, e.g. a PBX client pointed at a demo PBX. */
  appCoreDeps: Partial<AppCoreDeps>;
}

export interface HarnessFixtures {
  appCore: AppCore;
  /** The browser host serving this test's page, bound to `appCore`; `baseURL` is its origin. */
  browserHost: BrowserHost;
  /** Console errors, uncaught page errors and CSP violations seen so far; must be empty when a test ends. */
  pageProblems: string[];
}

export const test = base.extend<HarnessOptions & HarnessFixtures>({
  browserHost: async ({ appCore }, use) => {
    const host = await startTestBrowserHost({ core: appCore });
    await use(host);
    await host.close();
  },

  baseURL: async ({ browserHost }, use) => use(`${browserHost.origin}/`),

  appCoreDeps: [{}, { option: true }],

  appCore: async ({ appCoreDeps }, use) => {
    // Real cache files in a temporary directory, as the app keeps them in its user data directory (kept
    // for the suite's secret scan, secretScan.ts).
    const cacheDirectory = createUserDataDirectory('cache');
    const core = new AppCore(
      resolveAppCoreDeps({
        openCacheFile: (fileName) =>
          openCache(join(cacheDirectory.directory, fileName), { logger: silentLogger }),
        ...appCoreDeps,
      }),
    );
    await use(core);
    await core.dispose();
    cacheDirectory.release();
  },

  // Signed in as the agent would be by opening the printed URL; each test then opens the screen it needs.
  page: async ({ page, browserHost }, use) => {
    await signIn(page.context(), browserHost);
    await use(page);
  },

  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      // Chromium reports CSP violations as console errors, so this catches them too.
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const source = message.location().url;
        problems.push(`console: ${message.text()}${source ? ` (${source})` : ''}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use(problems);
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
