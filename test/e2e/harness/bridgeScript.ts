import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { channelLists } from '../../../src-main/shared/contract';

const entry = fileURLToPath(new URL('./pageBridge.ts', import.meta.url));

/**
 * Bundles pageBridge.ts (with the shared `createRendererApi`) into one self-contained script for
 * `page.addInitScript`, which cannot import modules.
 */
export async function buildBridgeScript(): Promise<string> {
  const result = await build({
    configFile: false,
    envDir: false,
    publicDir: false,
    logLevel: 'silent',
    define: { __RINGSIDE_CHANNELS__: JSON.stringify(channelLists()) },
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['iife'], name: 'ringsideHarnessBridge' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === 'chunk');
  if (!chunk) throw new Error('Bundling the e2e bridge produced no script.');
  return chunk.code;
}
