/** The records the sync lists and fetches in detail: users, companies and persons. */
import type { User, UserListItem } from '../../api/schemas';
import type { DirectoryStore } from '../store/directoryStore';
import type { ListChange } from '../store/listChange';
import type { DetailCollection } from './detailCollection';
import type { DirectorySource, PagedResource, SourcePage } from './directorySource';

/** Where a collection's list items go: compared with the cache, new and changed ones written. */
export interface ListItemStore<ListItem> {
  /** What each list item means for the cache (read-only). */
  compareList(items: readonly ListItem[]): ListChange[];
  /** Writes a new or changed list item. */
  writeListItem(item: ListItem, change: Exclude<ListChange, 'unchanged'>): void;
}

/** How one kind of detailed record is listed and fetched (storing its detail: detailOutcome.ts). */
export interface RecordCollection<ListItem extends { id: number }, Detail> {
  name: DetailCollection;
  /** Overrides the sync's page size; the unpaged user list is one page of any size. */
  pageSize?: number;
  list(offset: number, limit: number, signal?: AbortSignal): Promise<SourcePage<ListItem>>;
  get(id: number, signal?: AbortSignal): Promise<Detail>;
  store: ListItemStore<ListItem>;
}

export function recordCollections(source: DirectorySource, store: DirectoryStore) {
  return {
    users: {
      name: 'users',
      pageSize: Number.POSITIVE_INFINITY,
      list: async (_offset, _limit, signal) => {
        const items = await source.users.list({ signal });
        return { items, total: items.length };
      },
      get: (id, signal) => source.users.get(id, { signal }),
      store: store.users,
    } satisfies RecordCollection<UserListItem, User>,
    companies: paged('companies', source.companies, store.companies),
    persons: paged('persons', source.persons, store.persons),
  };
}

function paged<ListItem extends { id: number }, Detail>(
  name: DetailCollection,
  resource: PagedResource<ListItem, Detail>,
  store: ListItemStore<ListItem>,
): RecordCollection<ListItem, Detail> {
  return {
    name,
    list: (offset, limit, signal) => resource.list({ offset, limit }, { signal }),
    get: (id, signal) => resource.get(id, { signal }),
    store,
  };
}
