/**
 * A minimal ZIP writer, "stored" entries only (no compression): enough for a stand-in Electron release
 * archive. Each entry carries Unix permissions, so an executable stays executable when extracted.
 */
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Unix file mode, default 0o644. */
  mode?: number;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION_NEEDED = 10;
/** "Made by" Unix (3), spec 2.0: tells extractors the external attributes hold a Unix mode. */
const VERSION_MADE_BY_UNIX = (3 << 8) | 20;
const REGULAR_FILE = 0o100000;
/** 1980-01-01 00:00 in MS-DOS date format. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/**
 * The fields both headers of an entry share, in the same order: flags, method (0, stored), time, date,
 * CRC-32, compressed and uncompressed size (equal when stored), name length.
 */
function writeFileFields(
  header: Buffer,
  at: number,
  file: { checksum: number; size: number; nameLength: number },
): void {
  header.writeUInt16LE(0, at); // flags
  header.writeUInt16LE(0, at + 2); // method: stored
  header.writeUInt16LE(0, at + 4); // time
  header.writeUInt16LE(DOS_DATE, at + 6);
  header.writeUInt32LE(file.checksum, at + 8);
  header.writeUInt32LE(file.size, at + 12);
  header.writeUInt32LE(file.size, at + 16);
  header.writeUInt16LE(file.nameLength, at + 20);
}

export function storedZip(entries: readonly ZipEntry[]): Buffer {
  const localParts: Buffer[] = [];
  const centralParts: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const checksum = crc32(entry.data);
    const local = Buffer.alloc(30); // the extra field length (28) stays 0
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(VERSION_NEEDED, 4);
    writeFileFields(local, 6, { checksum, size: entry.data.length, nameLength: name.length });
    localParts.push(local, name, entry.data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(VERSION_MADE_BY_UNIX, 4);
    central.writeUInt16LE(VERSION_NEEDED, 6);
    writeFileFields(central, 8, { checksum, size: entry.data.length, nameLength: name.length });
    // extra field, comment, disk number, internal attributes: all zero
    central.writeUInt32LE(((REGULAR_FILE | (entry.mode ?? 0o644)) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centralParts.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const centralDirectory = Buffer.concat(centralParts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...localParts, centralDirectory, end]);
}
