import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';

export default defineConfig({
  test: {
    // The JSON report feeds scripts/test-summary.mjs, which prints the closing "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        // Everything that runs in plain Node 24: shared, api, cache, calls, app, shell (electron mocked), demo-pbx.
        test: {
          name: 'unit',
          // The preload's channel lists are written in at build time (electron.vite.config.ts); tests that
          // load the preload get the same lists as a global.
          setupFiles: ['test/support/preloadChannels.setup.ts', 'test/support/i18nCatalogues.setup.ts'],
          environment: 'node',
          include: ['test/unit/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'conformance',
          environment: 'node',
          setupFiles: ['test/support/i18nCatalogues.setup.ts'],
          include: ['test/conformance/**/*.test.ts'],
        },
      },
      {
        // The start launcher (scripts/launcher/): its decisions, and Electron's installer against a local mirror.
        test: {
          name: 'launcher',
          environment: 'node',
          include: ['test/launcher/**/*.test.ts'],
        },
      },
      {
        plugins: [svelte(), svelteTesting()],
        test: {
          name: 'components',
          environment: 'jsdom',
          setupFiles: ['test/support/i18nCatalogues.setup.ts', 'test/support/jsdomDialog.setup.ts'],
          include: ['test/components/**/*.test.ts'],
        },
      },
    ],
  },
});
