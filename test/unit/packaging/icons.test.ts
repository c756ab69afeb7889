/**
 * The icons scripts/icons/generateIcons.mjs makes from resources/icon.svg, as committed: every size and
 * format the packages and the running app ask for, the containers readable, the macOS menu bar template
 * monochrome (black on transparent, so macOS can tint it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ICNS_TYPES,
  pngSize,
  readIcns,
  readIco,
  writeIcns,
  writeIco,
} from '../../../scripts/icons/iconContainers.mjs';
import { appIcons } from '../../../src-main/shell/appIdentity';
import { decodePng } from './decodePng';
import { projectRoot } from './standInElectron';

const resources = join(projectRoot, 'resources');
const read = (name: string) => readFileSync(join(resources, name));

describe('the icons', () => {
  it('come from one source image', () => {
    const svg = read('icon.svg').toString('utf8');
    expect(svg).toContain('id="tile"');
    expect(svg).toContain('id="glyph"');
  });

  it('give the Linux packages a PNG of each size, named by its size', () => {
    for (const size of [16, 24, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(read(`icons/${size}x${size}.png`)), `${size}`).toEqual({ width: size, height: size });
    }
  });

  it('give Windows an .ico from 16 to 256 pixels', () => {
    const images = readIco(read('icon.ico'));
    expect(images.map((image) => image.width)).toEqual([16, 24, 32, 48, 64, 128, 256]);
    for (const image of images) {
      expect(pngSize(image.png)).toEqual({ width: image.width, height: image.height });
    }
  });

  it('give macOS an .icns with every 1x and Retina size up to 1024 pixels', () => {
    const entries = readIcns(read('icon.icns'));
    expect(entries.map((entry) => entry.type)).toEqual(ICNS_TYPES.map((type) => type.type));
    entries.forEach((entry, index) => {
      const pixels = ICNS_TYPES[index]!.pixels;
      expect(pngSize(entry.png), entry.type).toEqual({ width: pixels, height: pixels });
    });
  });

  it('give the tray a colour icon (and @2x) on Linux, an .ico for every DPI on Windows', () => {
    expect(pngSize(read('tray.png'))).toEqual({ width: 32, height: 32 });
    expect(pngSize(read('tray@2x.png'))).toEqual({ width: 64, height: 64 });
    expect(readIco(read('tray.ico')).map((image) => image.width)).toEqual([16, 20, 24, 32, 40, 48]);
  });

  it('give the macOS menu bar a monochrome template (black, with alpha), at 1x and 2x', () => {
    for (const [name, size] of [
      ['trayTemplate.png', 18],
      ['trayTemplate@2x.png', 36],
    ] as const) {
      const { width, height, pixels } = decodePng(read(name));
      expect({ width, height }, name).toEqual({ width: size, height: size });
      let drawn = 0;
      for (let index = 0; index < pixels.length; index += 4) {
        if (pixels[index + 3] === 0) continue;
        drawn += 1;
        expect([pixels[index], pixels[index + 1], pixels[index + 2]], `${name} pixel ${index / 4}`).toEqual([
          0, 0, 0,
        ]);
      }
      // The glyph, not an empty square or a filled one.
      expect(drawn / (width * height), name).toBeGreaterThan(0.05);
      expect(drawn / (width * height), name).toBeLessThan(0.6);
    }
  });

  it('are what the running app asks for, on each OS', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const icons = appIcons(resources, platform);
      for (const file of [icons.tray, icons.window].filter((path) => path !== undefined)) {
        expect(() => readFileSync(file), `${platform}: ${file}`).not.toThrow();
      }
    }
    expect(appIcons(resources, 'darwin')).toEqual({
      window: undefined,
      tray: join(resources, 'trayTemplate.png'),
    });
  });
});

describe('the icon containers', () => {
  const png = (size: number) => {
    const image = Buffer.alloc(33);
    Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').copy(image);
    image.writeUInt32BE(size, 16);
    image.writeUInt32BE(size, 20);
    return image;
  };

  it('read back what they wrote, 256 pixels written as 0 in an .ico entry', () => {
    const ico = writeIco([png(16), png(256)]);
    expect(ico[6 + 16]).toBe(0);
    expect(readIco(ico).map((image) => [image.width, image.png.equals(png(image.width))])).toEqual([
      [16, true],
      [256, true],
    ]);
    const icns = writeIcns(new Map(ICNS_TYPES.map(({ pixels }) => [pixels, png(pixels)])));
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    expect(readIcns(icns).map((entry) => pngSize(entry.png).width)).toEqual(ICNS_TYPES.map((t) => t.pixels));
  });

  it('refuse what they cannot hold', () => {
    expect(() => writeIco([png(512)])).toThrow(/at most 256/);
    expect(() => writeIcns(new Map([[16, png(16)]]))).toThrow(/no 32-pixel image/);
    expect(() => pngSize(Buffer.from('GIF89a'))).toThrow(/not a PNG/);
  });
});
