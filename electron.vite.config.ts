import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { defineConfig, type UserConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import type { Plugin } from 'vite';
import { channelLists } from './src-main/shared/contract';
import { CONTENT_SECURITY_POLICY } from './src-main/web/securityHeaders';

/** The policy of src-renderer/index.html's meta tag: the page's own, as the built app serves it. */
export const RENDERER_META_POLICY = CONTENT_SECURITY_POLICY.split('; ')
  // A meta tag cannot carry frame-ancestors (the headers of app:// and of the browser host do).
  .filter((directive) => !directive.startsWith('frame-ancestors'))
  .join('; ');

const META_POLICY_PATTERN = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/;

/**
 * What Vite's dev server needs beyond the production policy, and nothing more: its client and Svelte inject
 * each component's CSS as <style> elements, allowed by a nonce made at each start (Vite puts it on the
 * elements it creates, `html.cspNonce`). Scripts, the HMR socket (`connect-src 'self'` matches ws: of the
 * page's own host and port) and assets come from the dev server's own origin, which 'self' already allows.
 */
export function developmentPolicy(nonce: string): string {
  return RENDERER_META_POLICY.replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`);
}

/** `npm run dev` only: index.html's meta policy becomes the development policy. */
export function developmentCsp(nonce: string): Plugin {
  return {
    name: 'ringside:development-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      if (!META_POLICY_PATTERN.test(html))
        throw new Error('index.html has no Content-Security-Policy meta tag');
      return html.replace(META_POLICY_PATTERN, `$1${developmentPolicy(nonce)}$3`);
    },
  };
}

/**
 * electron-vite defaults to src/main, src/preload and src/renderer; Ringside's layout is named explicitly.
 * `electron-vite dev` (what `npm run dev` runs) resolves this with `command: 'serve'`; every build with
 * 'build'. That is the one switch of development mode: `__RINGSIDE_DEV__` is written into the main bundle as
 * a constant, so a build carries no code that reads ELECTRON_RENDERER_URL or opens DevTools.
 */
export default defineConfig(({ command }): UserConfig => {
  const development = command === 'serve';
  // Production bundles are minified and carry no source maps (docs/packaging.md).
  const production = { minify: !development, sourcemap: false } as const;
  const styleNonce = randomBytes(16).toString('base64');
  return {
    main: {
      define: { __RINGSIDE_DEV__: JSON.stringify(development) },
      build: {
        ...production,
        outDir: 'out/main',
        rollupOptions: {
          input: {
            index: resolve(import.meta.dirname, 'src-main/index.ts'),
            // The browser host (docs/browser-host.md): plain Node, run as `node out/main/browserHost.js`.
            browserHost: resolve(import.meta.dirname, 'src-main/web/browserHostMain.ts'),
            // The team server (docs/team-server.md), run in production as `node out/main/teamServer.js`.
            teamServer: resolve(import.meta.dirname, 'src-main/server/serverMain.ts'),
            // The directory sync's writer thread, started by both hosts from out/main/.
            detailWriterWorker: resolve(import.meta.dirname, 'src-main/cache/sync/detailWriterWorker.ts'),
            // The integrity check after an unclean shutdown, off the main thread (started beside the above).
            integrityCheckWorker: resolve(
              import.meta.dirname,
              'src-main/cache/database/integrityCheckWorker.ts',
            ),
          },
        },
      },
    },
    preload: {
      // The preload checks channel names without carrying the contract's schemas: the lists are derived from
      // the tables here, at build time.
      define: { __RINGSIDE_CHANNELS__: JSON.stringify(channelLists()) },
      build: {
        ...production,
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
      plugins: [
        svelte({ configFile: resolve(import.meta.dirname, 'svelte.config.js') }),
        developmentCsp(styleNonce),
      ],
      ...(development ? { html: { cspNonce: styleNonce } } : {}),
      build: {
        ...production,
        outDir: 'out/renderer',
        rollupOptions: { input: { index: resolve(import.meta.dirname, 'src-renderer/index.html') } },
      },
    },
  };
});
