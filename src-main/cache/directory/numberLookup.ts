/**
 * Who has this number? The screen-pop question: an indexed equality lookup on the normalised number, then
 * every owner, ranked: persons (with their companies), companies, users, extensions. Within a kind, owners
 * found by the normalised number come before those found by the digits as dialled, then alphabetically.
 *
 * One statement answers it: the probes of the number index joined to the owners' names (and a person's
 * companies), rows as arrays. Reading the owners as search results do (EntryReader: every number, the
 * contacts JSON) took ~60 % of a lookup; a match needs only the name.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { NumberMatch } from '../../shared/contract';
import { KIND_CODE, kindOfCode } from '../database/entryKind';
import type { NumberKeys } from '../store/numberKeys';
import { personName } from '../store/storedPerson';
import { companiesOf, PERSON_COMPANIES_JSON_SQL } from './personCompanies';

const KIND_CODES = Object.values(KIND_CODE).join(', ');

/**
 * The owners of a number key: one probe of the (kind, key) index per kind. The index is named because the
 * primary key starts with kind too, and the planner, knowing no better, would walk a whole kind's numbers
 * through it (42 ms a lookup at 100,000 persons instead of 0.05 ms). The benchmark's limit for a lookup.
 */
export const LOOKUP_BY_KEY_SQL = `SELECT kind, owner_id, label FROM numbers INDEXED BY numbers_by_key
  WHERE kind IN (${KIND_CODES}) AND key = ?`;

/**
 * The same probes for both lookup keys (bound twice when there is one), each row with its owner: a person's
 * name fields and companies (JSON, in the companies' order), a company's, user's or extension's name, an
 * extension's first number. An owner whose row is missing has `present` 0 and is left out.
 */
export const LOOKUP_OWNERS_SQL = `SELECT n.kind, n.owner_id, n.key, n.label, n.position,
    coalesce(p.id, c.id, u.id, e.id) IS NOT NULL AS present,
    p.displayname, p.firstname, p.lastname, coalesce(c.name, u.name, e.name) AS name,
    ${PERSON_COMPANIES_JSON_SQL} AS companies,
    CASE WHEN e.id IS NOT NULL THEN
      (SELECT raw FROM numbers en WHERE en.kind = ${KIND_CODE.extension} AND en.owner_id = e.id
        ORDER BY en.position LIMIT 1)
    END AS number
  FROM numbers n INDEXED BY numbers_by_key
  LEFT JOIN persons p ON n.kind = ${KIND_CODE.person} AND p.id = n.owner_id
  LEFT JOIN companies c ON n.kind = ${KIND_CODE.company} AND c.id = n.owner_id
  LEFT JOIN users u ON n.kind = ${KIND_CODE.user} AND u.id = n.owner_id
  LEFT JOIN extensions e ON n.kind = ${KIND_CODE.extension} AND e.id = n.owner_id
  WHERE n.kind IN (${KIND_CODES}) AND n.key IN (?, ?)`;

type OwnerRow = [
  kind: number,
  ownerId: number,
  key: string,
  label: string,
  position: number,
  present: number,
  displayname: string | null,
  firstname: string | null,
  lastname: string | null,
  name: string | null,
  companies: string | null,
  number: string | null,
];

interface Hit {
  /** The owner's kind (KIND_CODE: persons, companies, users, extensions in the order they are ranked). */
  code: number;
  match: NumberMatch;
  labels: string[];
  /** Index of the lookup key that found it: 0 the normalised number, 1 the digits as dialled. */
  keyRank: number;
}

export class NumberLookup {
  private readonly owners;

  constructor(
    db: SqliteDatabase,
    private readonly numbers: NumberKeys,
  ) {
    this.owners = db.prepare(LOOKUP_OWNERS_SQL).raw();
  }

  lookup(raw: string): NumberMatch[] {
    const keys = this.numbers.lookupKeys(raw);
    if (keys.length === 0) return [];
    const rows = this.owners.all(keys[0], keys[1] ?? keys[0]) as OwnerRow[];
    if (rows.length === 0) return [];
    const rankOf = (row: OwnerRow) => (row[2] === keys[0] ? 0 : 1);
    // An owner's labels in the order of its numbers, those under the normalised key first.
    if (rows.length > 1) rows.sort((a, b) => rankOf(a) - rankOf(b) || a[4] - b[4]);
    // A number has an owner or two: a list searched through costs less than a map keyed by text.
    const hits: Hit[] = [];
    for (const row of rows) {
      if (!row[5]) continue;
      const hit = hits.find((found) => found.code === row[0] && found.match.id === row[1]);
      if (hit) {
        if (row[3] && !hit.labels.includes(row[3])) hit.labels.push(row[3]);
      } else {
        hits.push({
          code: row[0],
          match: matchOf(row),
          labels: row[3] ? [row[3]] : [],
          keyRank: rankOf(row),
        });
      }
    }
    for (const hit of hits) hit.match.label = hit.labels.join(', ');
    if (hits.length > 1) {
      hits.sort(
        (a, b) =>
          a.code - b.code ||
          a.keyRank - b.keyRank ||
          a.match.name.localeCompare(b.match.name) ||
          a.match.id - b.match.id,
      );
    }
    return hits.map((hit) => hit.match);
  }
}

function matchOf(row: OwnerRow): NumberMatch {
  const id = row[1];
  const kind = kindOfCode(row[0]);
  switch (kind) {
    case 'person': {
      const name = personName({ displayname: row[6]!, firstname: row[7]!, lastname: row[8]! });
      return { kind, id, name, label: '', companies: companiesOf(row[10]) };
    }
    case 'extension':
      return { kind, id, name: row[9]!, label: '', number: row[11] ?? '' };
    default:
      return { kind, id, name: row[9]!, label: '' };
  }
}
