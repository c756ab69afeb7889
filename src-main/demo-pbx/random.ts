/**
 * Seeded pseudo-random numbers for the demo PBX. sfc32 is small, fast and, unlike faker's Mersenne Twister,
 * cheap to re-seed: the person generator re-seeds once per person so any person can be built on demand.
 */
import type { Randomizer } from '@faker-js/faker';

/** A source of floats in [0, 1) with a few helpers; the same seed parts give the same sequence. */
export interface Random {
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** Mixes seed parts into 32-bit words (a murmur3-style finaliser), so nearby seeds diverge at once. */
function mixSeed(parts: readonly number[]): [number, number, number, number] {
  const words: [number, number, number, number] = [0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x85a308d3];
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    let h = (Math.floor(part) ^ Math.floor(part / 0x1_0000_0000) ^ Math.imul(index + 1, 0x27d4eb2d)) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    for (let w = 0; w < 4; w++) words[w] = (Math.imul(words[w]! ^ h, 0x9e3779b1) + w) >>> 0;
  }
  return words;
}

/** sfc32: the generator behind both `Random` and faker's `Randomizer`. */
class Sfc32 implements Random {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(parts: readonly number[]) {
    this.seed(parts);
  }

  /** Restarts the sequence from new seed parts (cheap: no allocation but the mixing). */
  seed(parts: readonly number[]): void {
    [this.a, this.b, this.c, this.d] = mixSeed(parts);
    for (let i = 0; i < 12; i++) this.next();
  }

  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/** A `Random` that can be restarted from new seed parts, for generating records on demand. */
export interface ReseedableRandom extends Random {
  seed(parts: readonly number[]): void;
}

export function createRandom(...seedParts: number[]): ReseedableRandom {
  return new Sfc32(seedParts);
}

/** A faker randomizer backed by sfc32; `seed([a, b, …])` is O(1), which makes per-record seeding cheap. */
export function createFakerRandomizer(): Randomizer {
  const generator = new Sfc32([0]);
  return {
    next: () => generator.next(),
    seed: (seed) => generator.seed(Array.isArray(seed) ? seed : [seed]),
  };
}
