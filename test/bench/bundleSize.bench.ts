/**
 * Bundle sizes of the production build (out/, `npx electron-vite build` first), gzipped as a server or a
 * package's compression would (zlib's default level):
 * - the renderer's JavaScript for the first screen: the entry script of index.html and every module it
 *   imports statically (a screen split off behind a dynamic `import()` is not counted), target < 100 kB;
 * - the renderer's CSS linked from index.html, target < 15 kB;
 * - for reference, all of the renderer's JavaScript, the main process's entry and its chunks, the preload.
 * A figure over its target fails the bench.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Report } from './run';

const out = fileURLToPath(new URL('../../out/', import.meta.url));
const renderer = join(out, 'renderer');

export const FIRST_SCREEN_JS_BUDGET_KB = 100;
export const CSS_BUDGET_KB = 15;

const kB = (bytes: number) => bytes / 1000;
const gzipped = (file: string) => gzipSync(readFileSync(file)).length;

/** `src`/`href` of index.html's tags of a kind, resolved to files. */
function referenced(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => resolve(renderer, match[1]!));
}

/**
 * The static imports of a built ES module: `import x from "./a.js"`, `import"./a.js"`, `export … from`.
 * Dynamic `import("./b.js")` is left out: it loads when a later screen asks for it.
 */
export function staticImports(code: string): string[] {
  const specifiers = new Set<string>();
  for (const match of code.matchAll(
    /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]*?\bfrom\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g,
  )) {
    specifiers.add(match[1]!);
  }
  return [...specifiers];
}

/** The entry modules and everything they import statically, each once. */
export function firstScreenModules(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8')))
      visit(resolve(dirname(file), specifier));
  };
  entries.forEach(visit);
  return [...seen];
}

function filesUnder(directory: string, extension: RegExp): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extension.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

export default async function bundleSize(report: Report): Promise<void> {
  const html = readFileSync(join(renderer, 'index.html'), 'utf8');
  const entries = [
    ...referenced(html, /<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...referenced(html, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ];
  const firstScreen = firstScreenModules(entries);
  const firstScreenBytes = firstScreen.reduce((sum, file) => sum + gzipped(file), 0);
  const css = referenced(html, /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  const cssBytes = css.reduce((sum, file) => sum + gzipped(file), 0);
  const allRendererJs = filesUnder(renderer, /\.js$/);

  report(
    'bundle renderer first-screen JS (gzip)',
    kB(firstScreenBytes),
    'kB',
    `< ${FIRST_SCREEN_JS_BUDGET_KB} kB`,
  );
  report('bundle renderer first-screen modules', firstScreen.length, 'files');
  report('bundle renderer CSS (gzip)', kB(cssBytes), 'kB', `< ${CSS_BUDGET_KB} kB`);
  report(
    'bundle renderer all JS (gzip)',
    kB(allRendererJs.reduce((sum, file) => sum + gzipped(file), 0)),
    'kB',
  );
  report(
    'bundle renderer all JS (minified)',
    kB(allRendererJs.reduce((sum, f) => sum + statSync(f).size, 0)),
    'kB',
  );
  const main = filesUnder(join(out, 'main'), /\.js$/);
  report('bundle main all JS (minified)', kB(main.reduce((sum, file) => sum + statSync(file).size, 0)), 'kB');
  report('bundle main all JS (gzip)', kB(main.reduce((sum, file) => sum + gzipped(file), 0)), 'kB');
  report('bundle preload (minified)', kB(statSync(join(out, 'preload', 'index.cjs')).size), 'kB');

  const over = [
    kB(firstScreenBytes) >= FIRST_SCREEN_JS_BUDGET_KB ? 'the first screen JS' : '',
    kB(cssBytes) >= CSS_BUDGET_KB ? 'the CSS' : '',
  ].filter(Boolean);
  if (over.length > 0) throw new Error(`over budget: ${over.join(' and ')}`);
}
