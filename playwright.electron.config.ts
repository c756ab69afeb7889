import { defineConfig } from '@playwright/test';

/**
 * The Electron smoke test (`npm run test:electron`): the real desktop app, unpackaged, as `npm start` opens
 * it. Separate from playwright.config.ts, whose end-to-end suite runs the renderer in Chromium; this one needs
 * an Electron binary and a display, and is skipped (with the reason) where either is missing.
 */
export default defineConfig({
  testDir: 'test/electron',
  // The JSON report feeds scripts/test-summary.mjs: a skipped smoke test shows as skipped, never as passed.
  reporter: [['list'], ['json', { outputFile: 'reports/playwright-electron.json' }]],
  // One app at a time: each opens a window, a tray icon and its own demo PBX.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  use: { trace: 'retain-on-failure' },
});
