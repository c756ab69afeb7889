/**
 * The History screen opened over 10,000 calls: time from the click on its navigation entry to the frame
 * showing the first row (target < 100 ms), median and p95 over 20 openings.
 *
 * - `history_first_render`: the first opening after the app started (the page is reloaded before each one):
 *   the first page is asked for and rendered;
 * - `history_reopen_render`: opening it again after a visit to another screen: the list kept in App shows
 *   at once and refreshes behind.
 *
 * Everything is the end-to-end harness: the built renderer in Chromium, served by the real browser host
 * (test/e2e/harness/testBrowserHost.ts) with the real AppCore behind its WebSocket, the history in a real
 * SQLite cache file seeded through the history store. The page marks the click (capture phase) and the
 * animation frame after the first row appears, with `performance.mark`, so both ends are the renderer's own
 * clock.
 *
 * Needs the built renderer (`npx electron-vite build`; built here when out/renderer is missing).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'electron-vite';
import config from '../../playwright.config';
import { AppCore } from '../../src-main/app/appCore';
import { openCache, type CacheDatabase } from '../../src-main/cache';
import { silentLogger } from '../../src-main/shared/logger';
import { resolveAppCoreDeps } from '../e2e/fixtures';
import { signIn, startTestBrowserHost } from '../e2e/harness/testBrowserHost';
import { syntheticHistoryCall } from '../support/syntheticHistoryCall';
import type { Report } from './run';
import { percentile } from './support/percentile';

const CALLS = 10_000;
const OPENINGS = 20;
const WARM_UP = 3;

declare global {
  interface Window {
    /** The duration of the last History opening (ms), set once its first row was on screen. */
    __historyRendered?: number | null;
  }
}

/** In the page: marks the click on History and the frame after the first row appears. */
function watchHistoryOpenings(): void {
  window.__historyRendered = null;
  document.addEventListener(
    'click',
    (event) => {
      if (!(event.target as Element).closest?.('a[href="#/history"]')) return;
      performance.clearMarks();
      performance.mark('history-click');
      window.__historyRendered = null;
    },
    { capture: true },
  );
  new MutationObserver(() => {
    if (window.__historyRendered !== null || performance.getEntriesByName('history-click').length === 0)
      return;
    if (!document.querySelector('.viewport li[data-row] [data-uniqueid]')) return;
    window.__historyRendered = 0;
    requestAnimationFrame(() => {
      performance.mark('history-first-row');
      window.__historyRendered = performance.measure(
        'history',
        'history-click',
        'history-first-row',
      ).duration;
    });
  }).observe(document, { childList: true, subtree: true });
}

function seed(core: AppCore, database: CacheDatabase): void {
  const now = Date.now();
  for (let start = 0; start < CALLS; start += 1000) {
    database.write(() => {
      for (let index = start; index < Math.min(CALLS, start + 1000); index++) {
        const uniqueid = `${Math.floor(now / 1000) - index * 60}.${index}`;
        const { call, outcome } = syntheticHistoryCall(index, uniqueid, now - index * 60_000);
        core.history.store.insert(call);
        core.history.store.update(uniqueid, {
          outcome,
          answeredAt: outcome === 'answered' ? now - index * 60_000 + 5_000 : null,
          endedAt: now - index * 60_000 + 45_000,
          seen: outcome !== 'missed',
        });
      }
    });
  }
}

export default async function (report: Report): Promise<void> {
  if (!existsSync('out/renderer/index.html')) await build({ logLevel: 'warn' });
  const directory = mkdtempSync(join(tmpdir(), 'ringside-history-render-'));
  const core = new AppCore(
    resolveAppCoreDeps({
      openCacheFile: (fileName) => openCache(join(directory, fileName), { logger: silentLogger }),
    }),
  );
  // No PBX runs here: the demo PBX's cache file is chosen by hand, so the history is in a real file.
  const database = core.caches.select({ kind: 'demo', baseUrl: 'http://127.0.0.1' })!.history!;
  const host = await startTestBrowserHost({ core });
  const browser = await chromium.launch({ ...config.use?.launchOptions, headless: true });
  try {
    seed(core, database);
    const page = await browser.newPage({ viewport: { width: 1120, height: 760 } });
    await signIn(page.context(), host);
    await page.addInitScript(watchHistoryOpenings);
    await page.goto(`${host.origin}/#/dial`);
    const nav = page.getByRole('navigation', { name: 'Main' });

    /** Clicks History and resolves to the time until its first row was on screen. */
    async function openHistory(): Promise<number> {
      await nav.getByRole('link', { name: /^History/ }).click();
      const handle = await page.waitForFunction(() => window.__historyRendered || null, undefined, {
        timeout: 10_000,
      });
      const rows = await page.locator('.viewport li[data-row]').count();
      if (rows === 0 || rows > 60) throw new Error(`the History list rendered ${rows} rows`);
      return (await handle.jsonValue()) as number;
    }

    const first: number[] = [];
    const again: number[] = [];
    for (let index = 0; index < WARM_UP + OPENINGS; index++) {
      await page.goto(`${host.origin}/#/dial`);
      await nav.getByRole('link', { name: 'Dial' }).waitFor();
      await page.waitForTimeout(300); // the app's own start-up requests are answered
      const firstTime = await openHistory();
      await nav.getByRole('link', { name: 'Dial' }).click();
      await page.locator('.viewport').waitFor({ state: 'detached' });
      const againTime = await openHistory();
      if (index < WARM_UP) continue;
      first.push(firstTime);
      again.push(againTime);
    }
    first.sort((a, b) => a - b);
    again.sort((a, b) => a - b);
    console.log(`# ${CALLS} calls in the cache; ${OPENINGS} openings after ${WARM_UP} to warm up`);
    report('history_first_render', percentile(first, 50), 'ms', '< 100 ms');
    report('history_first_render_p95', percentile(first, 95), 'ms');
    report('history_reopen_render', percentile(again, 50), 'ms', '< 100 ms');
  } finally {
    await browser.close();
    await host.close();
    await core.dispose();
    rmSync(directory, { recursive: true, force: true });
  }
}
