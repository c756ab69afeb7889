/**
 * Who has this number? The screen-pop question: an indexed equality lookup on the normalised number, then
 * every owner, ranked: persons (with their companies), companies, users, extensions. Within a kind, owners
 * found by the normalised number come before those found by the digits as dialled, then alphabetically.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { NumberMatch } from '../../shared/contract';
import type { EntryKind } from '../database/entryKind';
import { KIND_CODE, kindOfCode } from '../database/entryKind';
import type { NumberKeys } from '../store/numberKeys';
import type { EntryReader } from './entryReader';

const KIND_RANK: Record<EntryKind, number> = { person: 0, company: 1, user: 2, extension: 3 };

interface Hit {
  kind: EntryKind;
  id: number;
  labels: string[];
  /** Index of the lookup key that found it: 0 the normalised number, 1 the digits as dialled. */
  keyRank: number;
}

/**
 * The owners of a number key: one probe of the (kind, key) index per kind. The index is named because the
 * primary key starts with kind too, and the planner, knowing no better, would walk a whole kind's numbers
 * through it (42 ms a lookup at 100,000 persons instead of 0.05 ms).
 */
export const LOOKUP_BY_KEY_SQL = `SELECT kind, owner_id, label FROM numbers INDEXED BY numbers_by_key
  WHERE kind IN (${Object.values(KIND_CODE).join(', ')}) AND key = ?`;

export class NumberLookup {
  private readonly byKey;

  constructor(
    db: SqliteDatabase,
    private readonly numbers: NumberKeys,
    private readonly reader: EntryReader,
  ) {
    this.byKey = db.prepare(LOOKUP_BY_KEY_SQL);
  }

  lookup(raw: string): NumberMatch[] {
    const hits = this.hits(raw);
    const idsOf = (kind: EntryKind) => hits.filter((hit) => hit.kind === kind).map((hit) => hit.id);
    const persons = this.reader.persons(idsOf('person'));
    const companies = this.reader.companies(idsOf('company'));
    const users = this.reader.users(idsOf('user'));
    const extensions = this.reader.extensions(idsOf('extension'));

    const matches: { match: NumberMatch; hit: Hit }[] = [];
    for (const hit of hits) {
      const label = hit.labels.join(', ');
      const match = this.toMatch(hit, label, { persons, companies, users, extensions });
      if (match) matches.push({ match, hit });
    }
    matches.sort(
      (a, b) =>
        KIND_RANK[a.hit.kind] - KIND_RANK[b.hit.kind] ||
        a.hit.keyRank - b.hit.keyRank ||
        a.match.name.localeCompare(b.match.name) ||
        a.match.id - b.match.id,
    );
    return matches.map(({ match }) => match);
  }

  /** Owners per key, one hit per owner with all its labels for this number. */
  private hits(raw: string): Hit[] {
    const hits = new Map<string, Hit>();
    this.numbers.lookupKeys(raw).forEach((key, keyRank) => {
      for (const row of this.byKey.all(key) as { kind: number; owner_id: number; label: string }[]) {
        const kind = kindOfCode(row.kind);
        const id = `${kind}:${row.owner_id}`;
        const hit = hits.get(id) ?? { kind, id: row.owner_id, labels: [], keyRank };
        if (row.label && !hit.labels.includes(row.label)) hit.labels.push(row.label);
        hits.set(id, hit);
      }
    });
    return [...hits.values()];
  }

  private toMatch(
    hit: Hit,
    label: string,
    entries: {
      persons: ReturnType<EntryReader['persons']>;
      companies: ReturnType<EntryReader['companies']>;
      users: ReturnType<EntryReader['users']>;
      extensions: ReturnType<EntryReader['extensions']>;
    },
  ): NumberMatch | undefined {
    switch (hit.kind) {
      case 'person': {
        const person = entries.persons.get(hit.id);
        return (
          person && { kind: 'person', id: hit.id, name: person.name, label, companies: person.companies }
        );
      }
      case 'company': {
        const company = entries.companies.get(hit.id);
        return company && { kind: 'company', id: hit.id, name: company.name, label };
      }
      case 'user': {
        const user = entries.users.get(hit.id);
        return user && { kind: 'user', id: hit.id, name: user.name, label };
      }
      case 'extension': {
        const extension = entries.extensions.get(hit.id);
        const number = extension?.numbers[0]?.raw ?? '';
        return extension && { kind: 'extension', id: hit.id, name: extension.name, label, number };
      }
    }
  }
}
