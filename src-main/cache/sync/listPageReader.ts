/**
 * The list requests of one pass over a paged list: a few pages in flight (`listConcurrency`), handed out
 * in offset order. The API documents no maximum page size, so a PBX with one can only refuse a large
 * `limit` (HTTP 400 or 413, or `success:false`): the limit is then halved, down to MIN_PAGE_LIMIT, and
 * the rest of the sync's lists are asked for with the lower one.
 */
import type { SourcePage } from './directorySource';
import { isPageRefused } from './directorySource';
import type { RecordCollection } from './recordCollections';
import type { SyncRun } from './syncRun';

/** The smallest `limit` asked for; a PBX that refuses it fails the sync with its refusal. */
export const MIN_PAGE_LIMIT = 10;

interface PageRequest<L> {
  offset: number;
  page: Promise<SourcePage<L>>;
}

export class ListPageReader<L extends { id: number }> {
  private current: number;
  private inFlight: PageRequest<L>[] = [];

  constructor(
    private readonly run: SyncRun,
    private readonly collection: RecordCollection<L, unknown>,
  ) {
    this.current = collection.pageSize ?? run.pageLimit;
  }

  /** The `limit` pages are asked for with now. */
  get limit(): number {
    return this.current;
  }

  request(offset: number): void {
    const page = this.collection.list(offset, this.current, this.run.signal);
    page.catch(() => {}); // awaited in order by `next`, or dropped; this only keeps a rejection from going unhandled
    this.inFlight.push({ offset, page });
  }

  /** Drops the pages in flight (their answers are no longer wanted) and reads from `offset`. */
  restart(offset: number): void {
    this.inFlight = [];
    this.request(offset);
  }

  /** The page requested first, asking again with a lower limit while the PBX refuses the limit. */
  async next(): Promise<{ offset: number; page: SourcePage<L> }> {
    for (;;) {
      const { offset, page } = this.inFlight.shift()!;
      try {
        return { offset, page: await page };
      } catch (error) {
        if (!isPageRefused(error) || !this.lowerLimit()) throw error;
        this.restart(offset);
      }
    }
  }

  /**
   * Keeps up to `listConcurrency` pages in flight from `offset`, `step` apart, below `total`. Pages in flight
   * from elsewhere (the PBX answered with fewer items than the last page) are dropped.
   */
  continueAt(offset: number, step: number, total: number): void {
    if (this.inFlight[0]?.offset !== offset) this.restart(offset);
    const { listConcurrency } = this.run.settings;
    while (this.inFlight.length < listConcurrency) {
      const following = this.inFlight.at(-1)!.offset + step;
      if (following >= total) break;
      this.request(following);
    }
  }

  private lowerLimit(): boolean {
    const refused = this.current;
    if (!Number.isFinite(refused) || refused <= MIN_PAGE_LIMIT) return false;
    this.current = Math.max(MIN_PAGE_LIMIT, Math.floor(refused / 2));
    this.run.pageLimit = Math.min(this.run.pageLimit, this.current);
    this.run.settings.logger.info(
      `Directory sync: the PBX refused a limit of ${refused} for the ${this.collection.name} list; ` +
        `asking for ${this.current}`,
    );
    return true;
  }
}
