/**
 * Answers kept as the bytes sent, by record id: a seeded person is a pure function of (seed, id), so
 * building it (faker, formatted numbers) and serialising it again on every GET is work whose result is known.
 * The CRM forgets an id whenever a write changes what its answer would be.
 *
 * The bytes lie packed in slabs of 1 MiB rather than in a Buffer each, which would cost ~40 % more (a Buffer
 * object and a share of a pool per answer), or in a string each (twice as much: most names need two-byte
 * strings). When every slab is full, the oldest slab's answers leave together.
 *
 * An answer is handed out as a string decoded from its bytes: Node sends a string body in one write with the
 * headers, but a Buffer in a second one (writev), which on loopback cost more than the decoding.
 */
const SLAB_BYTES = 1 << 20;
/** A place is (slab × SLAB_BYTES + offset) × LENGTH_SPAN + length: one number, well within 2^53. */
const LENGTH_SPAN = 2 * SLAB_BYTES;

export class SerialisedAnswers {
  private readonly places = new Map<number, number>();
  private readonly slabs: Buffer[] = [];
  /** The ids written into each slab (some may have been forgotten or written again elsewhere since). */
  private readonly slabIds: number[][] = [];
  private readonly maxSlabs: number;
  private current = -1;
  private used = SLAB_BYTES;
  private bytes = 0;

  constructor(maxBytes: number) {
    this.maxSlabs = Math.max(1, Math.floor(maxBytes / SLAB_BYTES));
  }

  /** The JSON kept for `id`, or `answer()` serialised to JSON and kept. */
  get(id: number, answer: () => unknown): string {
    const place = this.places.get(id);
    if (place !== undefined) return this.jsonAt(place);
    const json = JSON.stringify(answer());
    const length = Buffer.byteLength(json);
    if (length > SLAB_BYTES) return json;
    if (this.used + length > SLAB_BYTES) this.nextSlab();
    const start = this.current * SLAB_BYTES + this.used;
    this.slabs[this.current]!.write(json, this.used);
    this.used += length;
    this.places.set(id, start * LENGTH_SPAN + length);
    this.slabIds[this.current]!.push(id);
    this.bytes += length;
    return json;
  }

  forget(id: number): void {
    const place = this.places.get(id);
    if (place === undefined) return;
    this.places.delete(id);
    this.bytes -= place % LENGTH_SPAN;
  }

  /** Bytes of the answers kept now. */
  get size(): number {
    return this.bytes;
  }

  private jsonAt(place: number): string {
    const length = place % LENGTH_SPAN;
    const start = (place - length) / LENGTH_SPAN;
    const offset = start % SLAB_BYTES;
    return this.slabs[(start - offset) / SLAB_BYTES]!.toString('utf8', offset, offset + length);
  }

  /** Starts the next slab: a new one, or, when all are in use, the oldest one's answers leave. */
  private nextSlab(): void {
    this.current = (this.current + 1) % this.maxSlabs;
    this.used = 0;
    for (const id of this.slabIds[this.current] ?? []) {
      const place = this.places.get(id);
      if (place !== undefined && Math.floor(place / LENGTH_SPAN / SLAB_BYTES) === this.current)
        this.forget(id);
    }
    this.slabs[this.current] ??= Buffer.allocUnsafeSlow(SLAB_BYTES);
    this.slabIds[this.current] = [];
  }
}
