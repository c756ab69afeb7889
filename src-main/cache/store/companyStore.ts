/**
 * Writes companies with their members, and keeps their numbers and search text indexed, and their
 * members' too (a person is found by the names of their companies). Every method expects a transaction.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { Company, CompanyListItem } from '../../api/schemas';
import { sortKey } from '../database/searchText';
import type { EntryIndexes } from './entryIndexes';
import { companyNumbers } from './entryIndexes';
import type { ListChange } from './listChange';
import { listComparison } from './listChange';

/** The company fields the cache keeps. */
export type CompanyDetail = Pick<Company, 'id' | 'group_id' | 'name' | 'external_id' | 'data' | 'persons'>;

interface CompanyListFields {
  id: number;
  group_id: number;
  name: string;
  external_id: string | null;
}

function companyListFields(item: CompanyListItem): CompanyListFields {
  return { id: item.id, group_id: item.group_id, name: item.name, external_id: item.external_id ?? null };
}

export class CompanyStore {
  private readonly sql: ReturnType<typeof prepareStatements>;
  private readonly compare: (fresh: readonly CompanyListFields[]) => ListChange[];

  constructor(
    db: SqliteDatabase,
    private readonly indexes: EntryIndexes,
  ) {
    this.sql = prepareStatements(db);
    this.compare = listComparison<CompanyListFields>(db, 'companies', [
      'id',
      'group_id',
      'name',
      'external_id',
    ]);
  }

  compareList(items: readonly CompanyListItem[]): ListChange[] {
    return this.compare(items.map(companyListFields));
  }

  writeListItem(item: CompanyListItem): void {
    const fields = companyListFields(item);
    this.sql.upsertListFields.run({ ...fields, sort_key: sortKey(fields.name) });
    this.afterChange(item.id, fields.name, this.memberIds(item.id));
  }

  save(company: CompanyDetail): void {
    const fields = companyListFields(company);
    const before = this.memberIds(company.id);
    this.sql.upsert.run({
      ...fields,
      data: JSON.stringify(company.data),
      sort_key: sortKey(fields.name),
    });
    this.sql.deleteMembers.run(company.id);
    for (const member of company.persons) {
      this.sql.insertMember.run(company.id, member.person_id, member.role);
    }
    this.indexes.setNumbers('company', company.id, companyNumbers(company.data));
    const after = company.persons.map((member) => member.person_id);
    this.afterChange(company.id, fields.name, [...new Set([...before, ...after])]);
  }

  delete(id: number): void {
    const members = this.memberIds(id);
    this.sql.delete.run(id);
    this.indexes.remove('company', id);
    for (const personId of members) this.indexes.refreshPersonText(personId);
  }

  private afterChange(id: number, name: string, personIds: readonly number[]): void {
    this.indexes.setSearchText('company', id, name, '');
    for (const personId of personIds) this.indexes.refreshPersonText(personId);
  }

  private memberIds(companyId: number): number[] {
    return this.sql.memberIds.all(companyId) as number[];
  }
}

function prepareStatements(db: SqliteDatabase) {
  return {
    upsertListFields: db.prepare(`INSERT INTO companies (id, group_id, name, external_id, sort_key)
      VALUES (@id, @group_id, @name, @external_id, @sort_key)
      ON CONFLICT (id) DO UPDATE SET group_id = excluded.group_id, name = excluded.name,
        external_id = excluded.external_id, sort_key = excluded.sort_key`),
    upsert: db.prepare(`INSERT INTO companies (id, group_id, name, external_id, data, sort_key)
      VALUES (@id, @group_id, @name, @external_id, @data, @sort_key)
      ON CONFLICT (id) DO UPDATE SET group_id = excluded.group_id, name = excluded.name,
        external_id = excluded.external_id, data = excluded.data, sort_key = excluded.sort_key`),
    delete: db.prepare('DELETE FROM companies WHERE id = ?'),
    deleteMembers: db.prepare('DELETE FROM company_persons WHERE company_id = ?'),
    insertMember: db.prepare(
      'INSERT OR REPLACE INTO company_persons (company_id, person_id, role) VALUES (?, ?, ?)',
    ),
    memberIds: db.prepare('SELECT person_id FROM company_persons WHERE company_id = ?').pluck(),
  };
}
