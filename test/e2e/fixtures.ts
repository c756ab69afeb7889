/**
 * The end-to-end harness: the built renderer in Chromium, the real AppCore in this process, joined by the
 * shell's own IPC binding over Playwright (see harness/). Only the transport differs from the Electron app.
 *
 *   import { test, expect } from './fixtures';
 *   test('…', async ({ page, appCore }) => { await page.goto('/'); … });
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { AppCore, type AppCoreDeps } from '../../src-main/app/AppCore';
import { openCache, workerDetailWriterFactory } from '../../src-main/cache';
import { systemClock } from '../../src-main/shared/clock';
import { silentLogger } from '../../src-main/shared/logger';
import { buildBridgeScript } from './harness/bridgeScript';
import { bindIpcOverPage } from './harness/ipcOverPage';
import { startRendererServer } from './harness/rendererServer';
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
  /** Console errors, uncaught page errors and CSP violations seen so far; must be empty when a test ends. */
  pageProblems: string[];
}

interface WorkerFixtures {
  rendererOrigin: string;
  bridgeScript: string;
}

/* eslint-disable no-empty-pattern -- Playwright requires a fixture's first argument to be destructured. */
export const test = base.extend<HarnessOptions & HarnessFixtures, WorkerFixtures>({
  rendererOrigin: [
    async ({}, use) => {
      const server = await startRendererServer();
      await use(server.origin);
      await server.close();
    },
    { scope: 'worker' },
  ],
  bridgeScript: [async ({}, use) => use(await buildBridgeScript()), { scope: 'worker' }],
  /* eslint-enable no-empty-pattern */

  baseURL: async ({ rendererOrigin }, use) => use(`${rendererOrigin}/`),

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

  page: async ({ page, appCore, rendererOrigin, bridgeScript }, use) => {
    const unbind = await bindIpcOverPage({
      page,
      core: appCore,
      logger: silentLogger,
      isAppUrl: (url) => URL.parse(url)?.origin === rendererOrigin,
    });
    await page.addInitScript({ content: bridgeScript });
    await use(page);
    unbind();
  },

  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      // Chromium reports CSP violations as console errors, so this catches them too.
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const source = message.location().url;
        // Chromium asks for /favicon.ico on its own; Electron's window does not.
        if (new URL(source || 'about:blank').pathname === '/favicon.ico') return;
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
