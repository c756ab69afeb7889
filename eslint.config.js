// ESLint flat config. Besides the usual rules it enforces the layering of docs/ARCHITECTURE.md: each folder
// of src-main/ may import only the layers below it, and only shell/, index.ts and preload.ts may import electron
// (not web/, the browser host, which runs in plain Node).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import svelteConfig from './svelte.config.js';

const electron = {
  name: 'electron',
  message: 'Only src-main/shell/, src-main/index.ts and src-main/preload.ts import electron.',
};
const nodeBuiltins = {
  group: ['node:*'],
  message: 'shared/ runs in the renderer too: no Node built-ins.',
};

/**
 * Patterns for our own folders a layer must not import, with the reason shown in the lint message. Relative
 * imports are matched by how far they climb from a file `depth` folders below the layer, so a layer's own
 * subfolder that shares another layer's name (src-main/demo-pbx/calls/, src-main/api/schemas/calls.ts) is
 * not mistaken for that layer.
 */
function forbidLayers(layer, forbidden, depth) {
  const climb = '\\.\\./'.repeat(depth + 1);
  return forbidden.map((other) => ({
    regex: `^(\\./)?${climb}${other}(/|$)|(^|/)src-main/${other}(/|$)`,
    message: `src-main/${layer}/ may not import src-main/${other}/ (see docs/ARCHITECTURE.md).`,
  }));
}

const layerRules = {
  shared: ['api', 'cache', 'calls', 'app', 'shell', 'demo-pbx', 'web', 'server', 'remote'],
  api: ['cache', 'calls', 'app', 'shell', 'demo-pbx', 'web', 'server', 'remote'],
  cache: ['calls', 'app', 'shell', 'demo-pbx', 'web', 'server', 'remote'],
  calls: ['app', 'shell', 'demo-pbx', 'web', 'server', 'remote'],
  app: ['shell', 'demo-pbx', 'web', 'server', 'remote'],
  'demo-pbx': ['cache', 'calls', 'app', 'shell', 'web', 'server', 'remote'],
  // The browser host: app/ and below, never Electron's shell; the demo PBX only through app's injected
  // launcher (its composition root imports it on demand, as src-main/index.ts does).
  web: ['shell', 'demo-pbx', 'server', 'remote'],
  // The team server, a host beside the other two: app/ and below, and the browser host's WebSocket binding
  // and headers (web/), which it reuses; never Electron's shell.
  server: ['shell', 'demo-pbx', 'remote'],
  // The desktop's client of a team server: app/'s types and event fan-out and shared/, never the PBX's client
  // (api/) nor anything that reads the PBX (the cache's sync, calls/): the server does that, and keeps the
  // PBX's secret. The cache's files and search it may use: its offline copy of the directory is one.
  remote: ['api', 'cache/sync', 'calls', 'shell', 'demo-pbx', 'web', 'server'],
};

/** Folder depths below a layer checked one by one; anything deeper shares the last depth's rule. */
const LAYER_DEPTHS = [0, 1, 2, 3];

const layerConfigs = Object.entries(layerRules).flatMap(([layer, forbidden]) =>
  LAYER_DEPTHS.map((depth) => ({
    files: [`src-main/${layer}/${'*/'.repeat(depth)}${depth === LAYER_DEPTHS.at(-1) ? '**/' : ''}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron],
          patterns: [...forbidLayers(layer, forbidden, depth), ...(layer === 'shared' ? [nodeBuiltins] : [])],
        },
      ],
    },
  })),
);

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'reports/',
      'test/fixtures/lint/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        extraFileExtensions: ['.svelte'],
        parser: tseslint.parser,
        svelteConfig,
      },
    },
  },
  ...layerConfigs,
  {
    // The renderer is sandboxed: no electron, no Node. Of the main process it may import src-main/shared/
    // only (types and values): that layer is browser-safe, kept free of Node and electron by its own rules.
    files: ['src-renderer/**/*.ts', 'src-renderer/**/*.svelte'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron],
          patterns: [
            { group: ['node:*'], message: 'The renderer has no Node.' },
            {
              group: ['**/src-main/*', '!**/src-main/shared'],
              message:
                'The renderer imports from src-main/shared/ only (browser-safe code), never other main-process code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tools and scripts print to the terminal on purpose.
    files: ['test/**/*.ts', 'scripts/**/*', '*.config.*', 'src-main/demo-pbx/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
