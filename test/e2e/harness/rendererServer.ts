import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const outDir = 'out/renderer';

export interface RendererServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves the BUILT renderer (what Electron loads) on 127.0.0.1 at a free port: Chromium refuses module
 * scripts from file:// pages, so the harness cannot load index.html from disk.
 */
export async function startRendererServer(): Promise<RendererServer> {
  if (!existsSync(`${root}/${outDir}/index.html`)) {
    throw new Error(
      `${outDir}/index.html is missing: run \`npx electron-vite build\` first (npm run test:e2e does).`,
    );
  }
  const server = await preview({
    root,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string')
    throw new Error('The renderer server has no TCP port.');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => server.close(),
  };
}
