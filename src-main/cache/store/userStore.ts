/**
 * Writes PBX users and keeps their numbers and search text indexed. Every method expects a transaction.
 * Of a user's detail only the fields the app reads are stored (the columns below): never the whole
 * record as received, which holds the voicemail PIN and whatever else a PBX adds.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { userDisplayName, type User, type UserListItem } from '../../api/schemas';
import { sortKey } from '../database/searchText';
import type { EntryIndexes } from './entryIndexes';
import type { ListChange } from './listChange';
import { listComparison } from './listChange';

interface UserListFields {
  id: number;
  name: string;
  external_id: string | null;
}

function userListFields(item: UserListItem): UserListFields {
  return { id: item.id, name: item.name, external_id: item.external_id ?? null };
}

export class UserStore {
  private readonly sql: ReturnType<typeof prepareStatements>;
  private readonly compare: (fresh: readonly UserListFields[]) => ListChange[];

  constructor(
    db: SqliteDatabase,
    private readonly indexes: EntryIndexes,
  ) {
    this.sql = prepareStatements(db);
    this.compare = listComparison<UserListFields>(db, 'users', ['id', 'name', 'external_id']);
  }

  compareList(items: readonly UserListItem[]): ListChange[] {
    return this.compare(items.map(userListFields));
  }

  writeListItem(item: UserListItem): void {
    const fields = userListFields(item);
    this.sql.upsertListFields.run({ ...fields, sort_key: sortKey(fields.name) });
    this.indexes.refreshUser(item.id);
  }

  save(user: User): void {
    const name = userDisplayName(user);
    this.sql.upsert.run({
      id: user.id,
      name,
      external_id: user.external_id ?? null,
      username: user.username,
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      group_id: user.group_id,
      team_id: user.team_id ?? null,
      role_id: user.role_id ?? null,
      primary_extension: user.primary_extension ?? null,
      number: user.number,
      active: user.active ? 1 : 0,
      sort_key: sortKey(name),
    });
    this.indexes.refreshUser(user.id);
  }

  delete(id: number): void {
    this.sql.delete.run(id);
    this.indexes.remove('user', id);
  }
}

function prepareStatements(db: SqliteDatabase) {
  return {
    upsertListFields: db.prepare(`INSERT INTO users (id, name, external_id, sort_key)
      VALUES (@id, @name, @external_id, @sort_key)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, external_id = excluded.external_id,
        sort_key = excluded.sort_key`),
    upsert:
      db.prepare(`INSERT INTO users (id, name, external_id, username, email, firstname, lastname, group_id,
        team_id, role_id, primary_extension, number, active, sort_key)
      VALUES (@id, @name, @external_id, @username, @email, @firstname, @lastname, @group_id, @team_id, @role_id,
        @primary_extension, @number, @active, @sort_key)
      ON CONFLICT (id) DO UPDATE SET external_id = excluded.external_id, username = excluded.username,
        email = excluded.email, firstname = excluded.firstname, lastname = excluded.lastname,
        group_id = excluded.group_id, team_id = excluded.team_id, role_id = excluded.role_id,
        primary_extension = excluded.primary_extension, number = excluded.number, active = excluded.active`),
    delete: db.prepare('DELETE FROM users WHERE id = ?'),
  };
}
