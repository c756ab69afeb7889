#!/usr/bin/env node
/**
 * `npm run icons`: every icon Ringside ships, from the one source image resources/icon.svg, rendered by
 * Chromium (Playwright's, or CHROMIUM_PATH) so small sizes get its anti-aliasing. Writes into resources/:
 *
 * - icon.png (256): the windows' icon on Linux and Windows;
 * - icons/<n>x<n>.png: the Linux packages' icon set (electron-builder's `linux.icon`);
 * - icon.ico: the Windows executable and installer (16 to 256 pixels);
 * - icon.icns: the macOS bundle (16 to 1024 pixels, 1x and Retina);
 * - tray.png and tray@2x.png: the tray icon on Linux; tray.ico on Windows (16 to 48, for every DPI);
 * - trayTemplate.png and trayTemplate@2x.png: the macOS menu bar's monochrome template (the glyph alone,
 *   black on transparent; macOS tints it, and the `Template` in the name tells Electron so).
 *
 * The outputs are committed; run this again after changing icon.svg.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ICNS_TYPES, writeIcns, writeIco } from './iconContainers.mjs';

const resources = join(import.meta.dirname, '..', '..', 'resources');
const source = readFileSync(join(resources, 'icon.svg'), 'utf8');

export const LINUX_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
export const TRAY_ICO_SIZES = [16, 20, 24, 32, 40, 48];
/** The template's own view of the source: the glyph's bounds, so it fills the menu bar's height. */
const TEMPLATE_VIEW_BOX = '7.5 3 21.5 24';

/** The source as it is drawn for the menu bar template: no tile, a black glyph. */
function templateSvg(svg) {
  return svg
    .replace('viewBox="0 0 32 32"', `viewBox="${TEMPLATE_VIEW_BOX}"`)
    .replace(/<rect id="tile"[^>]*\/>/, '')
    .replace('stroke="#ffffff"', 'stroke="#000000"');
}

async function renderer() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || undefined,
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  });
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  return {
    /** @returns {Promise<Buffer>} a transparent PNG of `svg` at `size` × `size` pixels */
    async render(svg, size) {
      await page.setViewportSize({ width: size, height: size });
      const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
      await page.setContent(
        `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
      );
      return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    },
    close: () => browser.close(),
  };
}

const written = [];
function write(name, data) {
  writeFileSync(join(resources, name), data);
  written.push(`${name} (${data.length} bytes)`);
}

const { render, close } = await renderer();
try {
  const sizes = new Set([...LINUX_ICON_SIZES, ...ICO_SIZES, ...TRAY_ICO_SIZES, 1024]);
  for (const { pixels } of ICNS_TYPES) sizes.add(pixels);
  const png = new Map();
  for (const size of [...sizes].sort((a, b) => a - b)) png.set(size, await render(source, size));

  write('icon.png', png.get(256));
  mkdirSync(join(resources, 'icons'), { recursive: true });
  for (const size of LINUX_ICON_SIZES) write(join('icons', `${size}x${size}.png`), png.get(size));
  write('icon.ico', writeIco(ICO_SIZES.map((size) => png.get(size))));
  write('icon.icns', writeIcns(png));
  write('tray.png', png.get(32));
  write('tray@2x.png', png.get(64));
  write('tray.ico', writeIco(TRAY_ICO_SIZES.map((size) => png.get(size))));
  const template = templateSvg(source);
  write('trayTemplate.png', await render(template, 18));
  write('trayTemplate@2x.png', await render(template, 36));
} finally {
  await close();
}
console.log(`Icons written to resources/:\n  ${written.join('\n  ')}`);
