/**
 * The small collections a sync replaces whole: groups, roles, teams, queues and extensions. Extensions
 * have numbers and names to index, and are compared with the cache so that only the changed ones are
 * indexed again. Every method expects a transaction (the writes `extensionChanges` returns too).
 */
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { Extension, Group, Queue, Role, Team } from '../../api/schemas';
import type { EntryIndexes } from './entryIndexes';

export class SmallCollectionStore {
  private readonly sql: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly indexes: EntryIndexes,
  ) {
    this.sql = prepareStatements(db);
  }

  /** Replaces the extensions; only added, changed and removed ones touch the indexes. */
  replaceExtensions(extensions: readonly Extension[]): { added: number; changed: number; removed: number } {
    const changes = this.extensionChanges(extensions);
    for (const write of changes.writes) write();
    return changes;
  }

  /**
   * What replacing the extensions takes, each write to run in a transaction: a sync applies them in slices
   * between turns of the event loop (2,000 staff extensions indexed at once held it up ~100 ms).
   */
  extensionChanges(extensions: readonly Extension[]): {
    writes: (() => void)[];
    added: number;
    changed: number;
    removed: number;
  } {
    const cached = new Map(
      (this.sql.allExtensionsRaw.all() as { id: number; raw: string }[]).map((row) => [row.id, row.raw]),
    );
    const writes: (() => void)[] = [];
    let added = 0;
    let changed = 0;
    for (const extension of extensions) {
      const raw = JSON.stringify(extension);
      const before = cached.get(extension.id);
      cached.delete(extension.id);
      if (before === raw) continue;
      if (before === undefined) added += 1;
      else changed += 1;
      writes.push(() => this.upsertExtension(extension, raw));
    }
    for (const id of cached.keys()) writes.push(() => this.removeExtension(id));
    return { writes, added, changed, removed: cached.size };
  }

  private upsertExtension(extension: Extension, raw: string): void {
    this.sql.upsertExtension.run({
      id: extension.id,
      group_id: extension.group_id,
      number: extension.number,
      name: extension.name,
      type: extension.type,
      external_id: extension.external_id ?? null,
      raw,
    });
    this.indexes.setNumbers('extension', extension.id, [{ raw: extension.number, label: extension.type }]);
    this.indexes.setSearchText('extension', extension.id, extension.name, '');
    this.indexes.refreshUsersOfExtension(extension.id);
  }

  private removeExtension(id: number): void {
    this.sql.deleteExtension.run(id);
    this.indexes.remove('extension', id);
    this.indexes.refreshUsersOfExtension(id);
  }

  replaceGroups(groups: readonly Group[]): void {
    this.replace('groups', this.sql.insertGroup, groups, (group) => [
      group.id,
      group.name,
      group.external_id ?? null,
    ]);
  }

  replaceRoles(roles: readonly Role[]): void {
    this.replace('roles', this.sql.insertRole, roles, (role) => [role.id, role.group_id, role.name]);
  }

  replaceTeams(teams: readonly Team[]): void {
    this.replace('teams', this.sql.insertTeam, teams, (team) => [team.id, team.group_id, team.name]);
  }

  replaceQueues(queues: readonly Queue[]): void {
    this.replace('queues', this.sql.insertQueue, queues, (queue) => [
      queue.id,
      queue.group_id,
      queue.number,
      queue.name,
      queue.type,
      queue.active ? 1 : 0,
    ]);
  }

  /** Empties `table` and inserts each record: the columns `columnsOf` gives, then the record as JSON. */
  private replace<T>(
    table: string,
    insert: Statement<unknown[]>,
    records: readonly T[],
    columnsOf: (record: T) => unknown[],
  ): void {
    this.db.exec(`DELETE FROM ${table}`);
    for (const record of records) insert.run(...columnsOf(record), JSON.stringify(record));
  }
}

function prepareStatements(db: SqliteDatabase) {
  return {
    allExtensionsRaw: db.prepare('SELECT id, raw FROM extensions'),
    upsertExtension:
      db.prepare(`INSERT OR REPLACE INTO extensions (id, group_id, number, name, type, external_id, raw)
      VALUES (@id, @group_id, @number, @name, @type, @external_id, @raw)`),
    deleteExtension: db.prepare('DELETE FROM extensions WHERE id = ?'),
    insertGroup: db.prepare('INSERT OR REPLACE INTO groups (id, name, external_id, raw) VALUES (?, ?, ?, ?)'),
    insertRole: db.prepare('INSERT OR REPLACE INTO roles (id, group_id, name, raw) VALUES (?, ?, ?, ?)'),
    insertTeam: db.prepare('INSERT OR REPLACE INTO teams (id, group_id, name, raw) VALUES (?, ?, ?, ?)'),
    insertQueue: db.prepare(
      'INSERT OR REPLACE INTO queues (id, group_id, number, name, type, active, raw) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
  };
}
