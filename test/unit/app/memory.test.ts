import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { returnMemoryToSystem } from '../../../src-main/app/directory/returnMemoryToSystem';

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
