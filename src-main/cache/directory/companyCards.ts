/** The company card: everything the cache knows about one company, for the directory's detail view. */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { CompanyCard, CompanyCardPerson, DirectoryNumber } from '../../shared/contract';
import { KIND_CODE } from '../database/entryKind';
import { personName } from '../store/storedPerson';
import { parseObject } from './personCards';

interface CompanyRow {
  id: number;
  group_id: number;
  name: string;
  external_id: string | null;
  data: string;
}

interface MemberRow {
  id: number;
  role: string;
  displayname: string | null;
  firstname: string | null;
  lastname: string | null;
}

export class CompanyCards {
  private readonly sql;

  constructor(db: SqliteDatabase) {
    this.sql = {
      company: db.prepare('SELECT id, group_id, name, external_id, data FROM companies WHERE id = ?'),
      numbers: db.prepare(`SELECT raw, label, display, dial FROM numbers
        WHERE kind = ${KIND_CODE.company} AND owner_id = ? ORDER BY position`),
      // A member the cache has not fetched yet has no persons row: it is listed without a name.
      members: db.prepare(`SELECT cp.person_id AS id, cp.role, p.displayname, p.firstname, p.lastname
        FROM company_persons cp LEFT JOIN persons p ON p.id = cp.person_id
        WHERE cp.company_id = ? ORDER BY p.sort_key IS NULL, p.sort_key, cp.person_id`),
    };
  }

  card(id: number): CompanyCard | null {
    const row = this.sql.company.get(id) as CompanyRow | undefined;
    if (!row) return null;
    const members = this.sql.members.all(id) as MemberRow[];
    return {
      id: row.id,
      groupId: row.group_id,
      name: row.name,
      externalId: row.external_id,
      data: parseObject(row.data),
      numbers: this.sql.numbers.all(id) as DirectoryNumber[],
      persons: members.map((member): CompanyCardPerson => ({
        id: member.id,
        role: member.role,
        name:
          member.displayname === null
            ? null
            : personName({
                displayname: member.displayname,
                firstname: member.firstname ?? '',
                lastname: member.lastname ?? '',
              }),
      })),
    };
  }
}
