/** The outcome of a write method: the written value, or one message per offending attribute. */
export type WriteResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };
