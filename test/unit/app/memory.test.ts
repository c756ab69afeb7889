import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { returnMemoryToSystem } from '../../../src-main/app/directory/returnMemoryToSystem';
import { trimMallocHeaps } from '../../../src-main/app/directory/trimMallocHeaps';

const newSpaceSize = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;

describe('returnMemoryToSystem', () => {
  it('shrinks the young generation that a sustained allocation rate grew', () => {
    // Objects that survive a few scavenges each, as a sync's in-flight requests do: V8 grows new space.
    const survivors: object[][] = [];
    for (let round = 0; round < 400; round++) {
      survivors.push(Array.from({ length: 5_000 }, (_, index) => ({ round, index, text: `row ${index}` })));
      if (survivors.length > 8) survivors.shift();
    }
    const grown = newSpaceSize();
    survivors.length = 0;

    returnMemoryToSystem();

    expect(grown).toBeGreaterThan(4 * 1024 * 1024);
    expect(newSpaceSize()).toBeLessThan(grown / 2);
  });
});

/** glibc's version where the process runs on glibc (Linux, not musl); undefined elsewhere. */
function glibcVersion(): string | undefined {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return report.header?.glibcVersionRuntime;
}

const anonymousResident = () =>
  Number(/RssAnon:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;

describe('trimMallocHeaps', () => {
  it.runIf(glibcVersion() !== undefined)(
    'hands back to the OS the pages malloc keeps after a free in the middle of its heap',
    () => {
      // Two in-memory databases filled in turns: their pages (malloc'd one by one) interleave, so once one
      // closes, its 48 MB are holes between the other's pages, which malloc keeps resident.
      const kept = new Database(':memory:');
      const freed = new Database(':memory:');
      for (const db of [kept, freed]) db.exec('CREATE TABLE rows (data BLOB)');
      const insertKept = kept.prepare('INSERT INTO rows VALUES (randomblob(2048))');
      const insertFreed = freed.prepare('INSERT INTO rows VALUES (randomblob(8192))');
      for (let round = 0; round < 600; round++) {
        for (let row = 0; row < 10; row++) {
          insertKept.run();
          insertFreed.run();
        }
      }
      freed.close();
      const beforeTrim = anonymousResident();

      expect(trimMallocHeaps()).toBe(true);

      expect(beforeTrim - anonymousResident()).toBeGreaterThan(24 * 1024 * 1024);
      kept.close();
    },
  );
});
