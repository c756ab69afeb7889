/** Shared data items: a POST replaces the stored value of an identifier as a whole. */
import type { SharedDataItem } from '../../api/schemas';

export class SharedDataStore {
  private readonly items = new Map<string, SharedDataItem>();

  constructor(seeded: Record<string, SharedDataItem>) {
    for (const [id, item] of Object.entries(seeded)) this.set(id, item);
  }

  /** A copy, so a caller cannot change the stored value by mutating the result. */
  get(id: string): SharedDataItem | undefined {
    const item = this.items.get(id);
    return item && structuredClone(item);
  }

  set(id: string, item: SharedDataItem): void {
    this.items.set(id, structuredClone({ type: item.type, data: item.data }));
  }
}
