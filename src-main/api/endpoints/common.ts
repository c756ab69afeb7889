/** Pieces the endpoint modules share. */
import { z } from 'zod';
import { checkArgument } from '../arguments';
import type { ApiCall, ApiRequester, CallOptions } from '../apiRequester';
import { Id, PageQuery } from '../schemas';

/** The id a create method answers with; a PBX that sends it as a numeric string is read the same. */
export const NewId = z.union([Id, z.string().regex(/^\d+$/).transform(Number)]);

/** One page of a paginated list (persons, companies) and the count of all records. */
export interface Page<T> {
  items: T[];
  /** Null when the PBX sent no usable `total`: the page alone cannot tell whether the list ends here. */
  total: number | null;
}

/** GET a paginated list: `limit` 1–1000 and `offset` ≥ 0 checked before sending. */
export async function getPage<S extends z.ZodType>(
  api: ApiRequester,
  path: string,
  item: S,
  name: string,
  page: PageQuery = {},
  options?: CallOptions,
): Promise<Page<z.output<S>>> {
  const { limit, offset } = checkArgument(PageQuery, page, 'page (limit 1–1000, offset 0 or more)');
  const call: ApiCall = { method: 'GET', path, query: { limit, offset }, answer: 'page' };
  const envelope = await api.send(call, options);
  const items = api.parse(z.array(item), envelope.data, name, call);
  if (typeof envelope.total === 'number' && Number.isInteger(envelope.total)) {
    return { items, total: envelope.total };
  }
  api.reportDrift(`${name}.total`, 'int', envelope.total, call);
  return { items, total: null };
}

/** The confirmation text of the call-control methods; empty when a PBX sends none. */
export function confirmationOf(data: unknown): string {
  return typeof data === 'string' ? data : '';
}
