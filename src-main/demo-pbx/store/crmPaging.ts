/**
 * How the CRM lists page. By default every `limit` the API allows (1–1000) is served in full; for testing
 * clients against PBXs that page differently, pages can be capped (at most `cap` items, whatever `limit`
 * asks for: the rest comes at later offsets, `total` still counts everything) and a `limit` above
 * `maxLimit` refused with HTTP 400, and `total` left out of list answers (`omitTotal`, as some PBXs do). Set
 * at start (`pageCap`, `maxLimit`) or at run time (`POST /_sim/paging`).
 */
import { badRequest } from '../http/envelope';

export interface CrmPagingRules {
  /** Items per page at most; null: as many as `limit` asks for. */
  cap: number | null;
  /** The largest `limit` served; a larger one is a 400. Null: every limit the API allows. */
  maxLimit: number | null;
  /** List answers carry no `total`. */
  omitTotal: boolean;
}

export class CrmPaging {
  private current: CrmPagingRules;

  constructor(rules: Omit<CrmPagingRules, 'omitTotal'> & Partial<CrmPagingRules>) {
    this.current = { omitTotal: false, ...rules };
  }

  get rules(): CrmPagingRules {
    return { ...this.current };
  }

  set(rules: Partial<CrmPagingRules>): CrmPagingRules {
    this.current = { ...this.current, ...rules };
    return this.rules;
  }

  /** How many items a page asked for with `limit` holds; throws the 400 of a refused limit. */
  pageSize(limit: number): number {
    const { cap, maxLimit } = this.current;
    if (maxLimit !== null && limit > maxLimit) throw badRequest(`limit must be at most ${maxLimit}`);
    return cap === null ? limit : Math.min(limit, cap);
  }

  /** The `total` member of a list answer: the count, or nothing when totals are omitted. */
  totalOf(count: number): { total?: number } {
    return this.current.omitTotal ? {} : { total: count };
  }
}
