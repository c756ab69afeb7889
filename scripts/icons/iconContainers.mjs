/**
 * The two icon container formats the packages need, written from PNG images (both formats may embed PNG
 * data as is, so nothing is re-encoded), and read back for the tests:
 * - Windows .ico: an ICONDIR header, one 16-byte ICONDIRENTRY per image, then the PNG data.
 * - macOS .icns: `icns` and the file's length, then per image its OSType, its length and the PNG data.
 */

/** @param {Buffer} png @returns {{ width: number, height: number }} */
export function pngSize(png) {
  const signature = png.subarray(0, 8).toString('hex');
  if (signature !== '89504e470d0a1a0a' || png.subarray(12, 16).toString('latin1') !== 'IHDR') {
    throw new Error('not a PNG image');
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * @param {Buffer[]} images square PNGs, at most 256 pixels
 * @returns {Buffer}
 */
export function writeIco(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const png of images) {
    const { width, height } = pngSize(png);
    if (width > 256 || height > 256) throw new Error(`an .ico image is at most 256 pixels, not ${width}`);
    const entry = Buffer.alloc(16);
    entry.writeUInt8(width === 256 ? 0 : width, 0);
    entry.writeUInt8(height === 256 ? 0 : height, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    entries.push(entry);
    offset += png.length;
  }
  return Buffer.concat([header, ...entries, ...images]);
}

/** @param {Buffer} ico @returns {{ width: number, height: number, png: Buffer }[]} */
export function readIco(ico) {
  if (ico.readUInt16LE(0) !== 0 || ico.readUInt16LE(2) !== 1) throw new Error('not an .ico file');
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => {
    const entry = 6 + 16 * index;
    const size = ico.readUInt32LE(entry + 8);
    const offset = ico.readUInt32LE(entry + 12);
    return {
      width: ico.readUInt8(entry) || 256,
      height: ico.readUInt8(entry + 1) || 256,
      png: ico.subarray(offset, offset + size),
    };
  });
}

/**
 * The .icns image types with PNG data, by pixel size: the 1x types and the Retina (@2x) ones, which
 * share sizes with the next 1x type (ic11 is 16 pt at 2x: 32 pixels).
 */
export const ICNS_TYPES = [
  { type: 'icp4', pixels: 16 },
  { type: 'icp5', pixels: 32 },
  { type: 'ic11', pixels: 32 },
  { type: 'icp6', pixels: 64 },
  { type: 'ic12', pixels: 64 },
  { type: 'ic07', pixels: 128 },
  { type: 'ic08', pixels: 256 },
  { type: 'ic13', pixels: 256 },
  { type: 'ic09', pixels: 512 },
  { type: 'ic14', pixels: 512 },
  { type: 'ic10', pixels: 1024 },
];

/**
 * @param {Map<number, Buffer>} pngBySize PNGs by pixel size (every size of ICNS_TYPES)
 * @returns {Buffer}
 */
export function writeIcns(pngBySize) {
  const chunks = ICNS_TYPES.map(({ type, pixels }) => {
    const png = pngBySize.get(pixels);
    if (!png) throw new Error(`no ${pixels}-pixel image for ${type}`);
    const header = Buffer.alloc(8);
    header.write(type, 0, 'latin1');
    header.writeUInt32BE(8 + png.length, 4);
    return Buffer.concat([header, png]);
  });
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'latin1');
  header.writeUInt32BE(8 + body.length, 4);
  return Buffer.concat([header, body]);
}

/** @param {Buffer} icns @returns {{ type: string, png: Buffer }[]} */
export function readIcns(icns) {
  if (icns.subarray(0, 4).toString('latin1') !== 'icns' || icns.readUInt32BE(4) !== icns.length) {
    throw new Error('not an .icns file');
  }
  const entries = [];
  for (let offset = 8; offset < icns.length;) {
    const length = icns.readUInt32BE(offset + 4);
    entries.push({
      type: icns.subarray(offset, offset + 4).toString('latin1'),
      png: icns.subarray(offset + 8, offset + length),
    });
    offset += length;
  }
  return entries;
}
