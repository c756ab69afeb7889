import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { channelLists } from './src-main/shared/contract';

// electron-vite defaults to src/main, src/preload and src/renderer; Ringside's layout is named explicitly.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src-main/index.ts'),
          // The browser host (docs/browser-host.md): plain Node, run as `node out/main/browserHost.js`.
          browserHost: resolve(import.meta.dirname, 'src-main/web/browserHostMain.ts'),
          // The directory sync's writer thread, started by both hosts from out/main/.
          detailWriterWorker: resolve(import.meta.dirname, 'src-main/cache/sync/detailWriterWorker.ts'),
        },
      },
    },
  },
  preload: {
    // The preload checks channel names without carrying the contract's schemas: the lists are derived from
    // the tables here, at build time.
    define: { __RINGSIDE_CHANNELS__: JSON.stringify(channelLists()) },
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require() node_modules, and cannot be ESM: bundle it whole, as CommonJS.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src-main/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [svelte({ configFile: resolve(import.meta.dirname, 'svelte.config.js') })],
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src-renderer/index.html') } },
    },
  },
});
