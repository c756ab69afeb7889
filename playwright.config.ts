import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/** CHROMIUM_PATH, else Debian's Chromium, else (undefined) the browser Playwright downloads itself. */
function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return undefined;
}

export default defineConfig({
  testDir: 'test/e2e',
  // After the whole suite: no secret it used in any file of any user data directory it made: secrets live only in the keychain.
  globalSetup: './test/e2e/globalSetup.ts',
  globalTeardown: './test/e2e/globalTeardown.ts',
  // The JSON report feeds scripts/test-summary.mjs, which prints the closing "N passed, N failed" line.
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  workers: Math.min(2, availableParallelism()),
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
