/** Types of iconContainers.mjs, for the TypeScript tests. */
export function pngSize(png: Buffer): { width: number; height: number };
export function writeIco(images: Buffer[]): Buffer;
export function readIco(ico: Buffer): { width: number; height: number; png: Buffer }[];
export const ICNS_TYPES: readonly { type: string; pixels: number }[];
export function writeIcns(pngBySize: Map<number, Buffer>): Buffer;
export function readIcns(icns: Buffer): { type: string; png: Buffer }[];
