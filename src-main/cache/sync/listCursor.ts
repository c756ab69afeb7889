/**
 * Where the list phase reads next, and whether the list moved under it. Consecutive pages overlap by one
 * record: each page should begin with the record the previous one ended with. When it begins with a record
 * not seen yet, records before it were deleted since the previous page was read and later ones moved to
 * lower offsets; the cursor then steps back by a page and reads that part again, so no live record is
 * skipped. That is bounded (MAX_REREADS per pass): beyond it the pass only notes that it may have missed
 * records, and removes nothing.
 */
/** A page with its list's total as the PBX said it; null when it did not (the list then ends at an empty page). */
export interface CountedPage {
  items: readonly unknown[];
  total: number | null;
}

/** Times one pass reads part of a list again because the list moved. */
export const MAX_REREADS = 20;

/** `ok`: the page joins on; `read-again`: the cursor moved back; `unverified`: it may follow a gap. */
export type OverlapCheck = 'ok' | 'read-again' | 'unverified';

export class ListCursor {
  /** The offset of the next page to read. */
  offset: number;
  /** Items of the last page read; 0 before the first. */
  private span = 0;
  /** Whether the page at `offset` must begin with a record already seen. */
  private overlapping: boolean;
  private rereads = 0;

  constructor(start: number) {
    this.offset = start;
    this.overlapping = start > 0;
  }

  /** How far apart the following pages are expected to start: the last page's items, less the overlap. */
  get step(): number {
    return Math.max(1, this.span - 1);
  }

  /** Checks the page read at `offset` against the overlap; `firstSeen`: whether its first record was seen. */
  check(offset: number, page: CountedPage, firstSeen: boolean): OverlapCheck {
    if (offset === 0) return 'ok';
    // Without a total the list ends at an empty page; after a page of one record there is nothing to join.
    if (!this.overlapping) return page.items.length === 0 && page.total === null ? 'ok' : 'unverified';
    const joined = page.items.length > 0 ? firstSeen : page.total === 0;
    if (joined) return 'ok';
    if (this.rereads >= MAX_REREADS) return 'unverified';
    this.rereads += 1;
    this.offset = Math.max(0, offset - Math.max(1, (this.span || page.items.length) - 1));
    this.overlapping = this.offset > 0;
    return 'read-again';
  }

  /**
   * Moves past a page read at `offset` (asked for with `limit`); true when it was the list's last. A full
   * page that ends exactly at `total` is confirmed by one more page: a PBX that omits `total` looks just
   * like that, and a list taken as complete too early would have its unseen records removed. Without a
   * total only an empty page ends the list: a short page may be a PBX's cap on page size, not the end.
   */
  advance(offset: number, page: CountedPage, limit: number): boolean {
    const received = page.items.length;
    if (received === 0) return true;
    if (page.total !== null) {
      const atTotal = offset + received >= page.total;
      const maybeMore = received >= limit && offset + received === page.total;
      if (atTotal && !maybeMore) return true;
    }
    this.span = received;
    // A page of one record cannot overlap the next: the next is read unverified.
    this.overlapping = received >= 2;
    this.offset = offset + this.step;
    return false;
  }
}
