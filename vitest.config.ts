import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';

/**
 * Test files run without isolation (one module graph per worker, not one per file): importing the app's
 * modules again for each of ~250 files cost more than the tests themselves. A file that replaces modules or
 * globals (`vi.mock`, `vi.stubGlobal`…) would leak them into the next file, so those run isolated, in a
 * project of their own; the list is read from the files, so a new such file is put there by itself.
 */
const REPLACES_MODULES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|hoisted)\(/;
const UNIT_FILES = 'test/unit/**/*.test.ts';
const unitFilesThatReplaceModules = globSync(UNIT_FILES).filter((file) =>
  REPLACES_MODULES.test(readFileSync(file, 'utf8')),
);

/** Every file starts in English with catalogues loaded, whatever the file before it in the worker switched to. */
const SHARED_SETUP = ['test/support/i18nCatalogues.setup.ts'];

export default defineConfig({
  test: {
    // Left to itself vitest ran one worker on a 2-core machine; the tests mostly wait on real I/O and timers.
    maxWorkers: Math.max(2, availableParallelism()),
    // Two workers on two shared cores: a test that takes 2 s alone can take 10 s beside a busy neighbour.
    testTimeout: 20_000,
    // The JSON report feeds scripts/test-summary.mjs, which prints the closing "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        // Everything that runs in plain Node 24: shared, api, cache, calls, app, web, demo-pbx.
        test: {
          name: 'unit',
          // The preload's channel lists are written in at build time (electron.vite.config.ts); tests that
          // load the preload get the same lists as a global.
          setupFiles: ['test/support/preloadChannels.setup.ts', ...SHARED_SETUP],
          environment: 'node',
          include: [UNIT_FILES],
          exclude: unitFilesThatReplaceModules,
          isolate: false,
        },
      },
      {
        // The unit files that mock modules (the shell under `vi.mock('electron')`…), each in a fresh graph.
        test: {
          name: 'unit-mocked',
          setupFiles: ['test/support/preloadChannels.setup.ts', ...SHARED_SETUP],
          environment: 'node',
          include: unitFilesThatReplaceModules,
        },
      },
      {
        test: {
          name: 'conformance',
          environment: 'node',
          setupFiles: SHARED_SETUP,
          include: ['test/conformance/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        // The start launcher (scripts/launcher/): its decisions, and Electron's installer against a local mirror.
        test: {
          name: 'launcher',
          environment: 'node',
          include: ['test/launcher/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        plugins: [svelte(), svelteTesting()],
        test: {
          name: 'components',
          environment: 'jsdom',
          setupFiles: [
            ...SHARED_SETUP,
            'test/support/jsdomDialog.setup.ts',
            'test/support/asyncUtilTimeout.setup.ts',
          ],
          include: ['test/components/**/*.test.ts'],
          isolate: false,
        },
      },
    ],
  },
});
