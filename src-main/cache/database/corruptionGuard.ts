/**
 * Corruption can surface on any statement, not only when a file is opened: a page nobody read since the
 * start, a disk that failed under a running app. `guardConnection` wraps a connection so that every
 * statement it runs (prepared, `exec`, `pragma`, a transaction's commit) reports SQLITE_CORRUPT and
 * SQLITE_NOTADB to `onCorruption`, which says what to throw instead. Everything else passes through as it is.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { isCorruption } from './sqliteErrors';

/** Told of the corruption; returns the error the caller gets instead. */
export type CorruptionHandler = (error: unknown) => Error;

/** Statement methods that run it; the chaining ones (`pluck`, `raw`…) hand back the guarded statement. */
const RUNNING = new Set<PropertyKey>(['run', 'get', 'all']);
const CHAINING = new Set<PropertyKey>(['pluck', 'raw', 'expand', 'safeIntegers', 'bind']);

export function guardConnection(db: SqliteDatabase, onCorruption: CorruptionHandler): SqliteDatabase {
  const guard = guarding(onCorruption);
  const wrapped = new Map<PropertyKey, unknown>([
    [
      'prepare',
      (source: string) =>
        guardStatement(
          guard(() => db.prepare(source)),
          guard,
        ),
    ],
    ['exec', (source: string) => (guard(() => db.exec(source)), proxy)],
    ['pragma', (source: string, options?: { simple?: boolean }) => guard(() => db.pragma(source, options))],
    [
      'transaction',
      (fn: (...args: unknown[]) => unknown) => {
        const transaction = db.transaction(fn);
        return (...args: unknown[]) => guard(() => transaction(...args));
      },
    ],
  ]);
  const proxy: SqliteDatabase = new Proxy(db, {
    get(target, property) {
      if (wrapped.has(property)) return wrapped.get(property);
      return passThrough(target, property);
    },
  });
  return proxy;
}

function guarding(onCorruption: CorruptionHandler) {
  const replace = (error: unknown): unknown => (isCorruption(error) ? onCorruption(error) : error);
  const guard = <T>(run: () => T): T => {
    try {
      return run();
    } catch (error) {
      throw replace(error);
    }
  };
  return Object.assign(guard, { replace });
}

function guardStatement(statement: Statement, guard: ReturnType<typeof guarding>): Statement {
  const methods = new Map<PropertyKey, unknown>();
  const proxy: Statement = new Proxy(statement, {
    get(target, property) {
      const known = methods.get(property);
      if (known) return known;
      let method: unknown;
      if (RUNNING.has(property)) {
        const run = (target as unknown as Record<PropertyKey, (...args: unknown[]) => unknown>)[property]!;
        // The hot path (every search and lookup): no closure per call.
        method = (...args: unknown[]) => {
          try {
            return run.apply(target, args);
          } catch (error) {
            throw guard.replace(error);
          }
        };
      } else if (property === 'iterate') {
        method = (...args: unknown[]) =>
          guardIterator(
            guard(() => target.iterate(...args)),
            guard,
          );
      } else if (CHAINING.has(property)) {
        const chain = (target as unknown as Record<PropertyKey, (...args: unknown[]) => unknown>)[property]!;
        method = (...args: unknown[]) => (chain.apply(target, args), proxy);
      } else {
        return passThrough(target, property);
      }
      methods.set(property, method);
      return method;
    },
  });
  return proxy;
}

function guardIterator<T>(
  iterator: IterableIterator<T>,
  guard: ReturnType<typeof guarding>,
): IterableIterator<T> {
  return {
    next: () => guard(() => iterator.next()),
    return: (value?: unknown) => iterator.return?.(value) ?? { done: true, value: undefined },
    [Symbol.iterator]() {
      return this;
    },
  };
}

/** better-sqlite3's native methods and getters need the real object as `this`. */
function passThrough(target: object, property: PropertyKey): unknown {
  const value: unknown = Reflect.get(target, property, target);
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}
