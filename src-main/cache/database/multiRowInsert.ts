/**
 * INSERT of several rows in one statement. Writing a person means a handful of contact, number and digit
 * rows; one statement for all of them instead of one per row cuts a sync's SQLite calls by about half.
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';

/** Rows per statement: enough for any one record, few enough to keep a handful of prepared statements. */
const MAX_ROWS = 32;

export class MultiRowInsert {
  private readonly statements = new Map<number, Statement<unknown[]>>();

  /** `head` is the statement up to VALUES, e.g. `INSERT INTO t (a, b)`; `width` the number of columns. */
  constructor(
    private readonly db: SqliteDatabase,
    private readonly head: string,
    private readonly width: number,
  ) {}

  run(rows: readonly (readonly unknown[])[]): void {
    for (let start = 0; start < rows.length; start += MAX_ROWS) {
      const chunk = rows.slice(start, start + MAX_ROWS);
      this.statement(chunk.length).run(...chunk.flat());
    }
  }

  private statement(count: number): Statement<unknown[]> {
    let statement = this.statements.get(count);
    if (!statement) {
      const row = `(${Array.from({ length: this.width }, () => '?').join(', ')})`;
      statement = this.db.prepare(
        `${this.head} VALUES ${Array.from({ length: count }, () => row).join(', ')}`,
      );
      this.statements.set(count, statement);
    }
    return statement;
  }
}
