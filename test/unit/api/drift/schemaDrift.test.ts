/**
 * Drift in every field of every answer the app reads: each field, at any depth, set to a value of each JSON
 * type or left out. Whatever arrives, the API layer hands on values of the declared types only (the result
 * passes the strict schema), never throws for a list, keeps the other items of every list, leaves an item
 * out only for a field that has no fallback (an id, a state), and logs each drifted field once.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DriftReporter } from '../../../../src-main/api/driftReporter';
import { ServerError } from '../../../../src-main/api/errors';
import * as schemas from '../../../../src-main/api/schemas';
import { exampleOf } from '../exampleOf';
import { recordingLogger } from '../fakePbx';
import {
  DRIFTED_VALUES,
  drifted,
  fieldPaths,
  valueAt,
  type DriftKind,
  type FieldPath,
} from './fieldMutations';

interface AnswerSchema {
  /** The name the client gives the answer in its log lines. */
  name: string;
  schema: z.ZodType;
  /** Top-level fields without a fallback: their drift may leave the item out (or refuse a single record). */
  identity: string[];
}

/** Every schema the app reads an answer with. */
const ANSWERS: AnswerSchema[] = [
  { name: 'calls', schema: schemas.ActiveCall, identity: ['uniqueid', 'state'] },
  { name: 'call', schema: schemas.CallRecordV1, identity: ['uniqueid'] },
  { name: 'callV2', schema: schemas.CallRecordV2, identity: ['uniqueid', 'state'] },
  { name: 'permissions', schema: schemas.CallPermissions, identity: [] },
  { name: 'metadata', schema: schemas.CallMetadata, identity: [] },
  { name: 'users', schema: schemas.UserListItem, identity: ['id'] },
  { name: 'user', schema: schemas.User, identity: ['id', 'group_id'] },
  { name: 'persons', schema: schemas.PersonListItem, identity: ['id', 'group_id'] },
  { name: 'person', schema: schemas.Person, identity: ['id', 'group_id'] },
  { name: 'companies', schema: schemas.CompanyListItem, identity: ['id', 'group_id'] },
  { name: 'company', schema: schemas.Company, identity: ['id', 'group_id'] },
  { name: 'extensions', schema: schemas.Extension, identity: ['id', 'group_id'] },
  { name: 'queues', schema: schemas.Queue, identity: ['id', 'group_id', 'type'] },
  { name: 'queue', schema: schemas.QueueDetail, identity: [] },
  { name: 'teams', schema: schemas.Team, identity: ['id', 'group_id'] },
  { name: 'groups', schema: schemas.Group, identity: ['id'] },
  { name: 'roles', schema: schemas.Role, identity: ['id', 'group_id'] },
  { name: 'agentQueues', schema: schemas.AgentQueues, identity: [] },
  { name: 'status', schema: schemas.Status, identity: [] },
  { name: 'shared', schema: schemas.SharedDataItem, identity: ['type'] },
];

const CONTEXT = { method: 'GET', path: '/test' };
const KINDS = Object.keys(DRIFTED_VALUES) as DriftKind[];

function reporter() {
  const { logger, lines } = recordingLogger();
  return {
    drift: new DriftReporter(logger),
    warnings: () => lines.filter((line) => line.startsWith('warn')),
  };
}

/** Each field drifted in each way: what went wrong, as lines (empty when all is well). */
function problemsOf(answer: AnswerSchema, check: (field: FieldPath, kind: DriftKind) => string | undefined) {
  const example = exampleOf(answer.schema);
  const problems: string[] = [];
  for (const field of [{ path: [], field: '' }, ...fieldPaths(answer.schema, example)]) {
    for (const kind of KINDS) {
      try {
        const problem = check(field, kind);
        if (problem) problems.push(`${answer.name}${field.field} ← ${kind}: ${problem}`);
      } catch (error) {
        problems.push(`${answer.name}${field.field} ← ${kind}: threw ${String(error)}`);
      }
    }
  }
  return problems;
}

/** The field at `path` of the first item, where `path` enters a list at index 0, still holds index 1. */
function lostSiblings(read: unknown, example: unknown, path: FieldPath['path']): string | undefined {
  for (const [index, key] of path.entries()) {
    if (key !== 0) continue;
    const list = valueAt(read, path.slice(0, index));
    const sibling = valueAt(example, [...path.slice(0, index), 1]);
    if (!Array.isArray(list) || !list.some((item) => JSON.stringify(item) === JSON.stringify(sibling))) {
      return `the other item of ${path.slice(0, index).join('.')} was lost`;
    }
  }
  return undefined;
}

describe.each(ANSWERS)('drift in $name', (answer) => {
  const list = z.array(answer.schema);
  const good = exampleOf(answer.schema);
  const other = exampleOf(answer.schema, { text: 'other', number: 2 });

  it('has a complete example that the strict schema accepts', () => {
    expect(answer.schema.safeParse(good).success).toBe(true);
    expect(fieldPaths(answer.schema, good).length).toBeGreaterThan(0);
  });

  it('in a list: never throws, hands on declared types, keeps the other items, logs each field once', () => {
    const problems = problemsOf(answer, ({ path, field }, kind) => {
      const { drift, warnings } = reporter();
      const sent = [drifted(good, path, DRIFTED_VALUES[kind]), good, other];
      const read = drift.parse(list, sent, answer.name, CONTEXT);
      if (!list.safeParse(read).success) return 'not of the declared type';
      if (JSON.stringify(read.slice(-2)) !== JSON.stringify([good, other])) return 'the good items changed';
      const mayLeaveOut = path.length === 0 || answer.identity.includes(String(path[0]));
      if (read.length !== 3 && !mayLeaveOut) return 'the item was left out';
      if (read.length === 3) {
        const lost = lostSiblings(read[0], good, path);
        if (lost) return lost;
      }
      const logged = warnings();
      if (!list.safeParse(sent).success && !logged.some((line) => line.includes(`field ${answer.name}[]`))) {
        return `not logged: ${logged.join(' | ') || 'nothing'}`;
      }
      if (logged.some((line) => !line.startsWith(`warn PBX field ${answer.name}[]${field}`))) {
        return `logged under another name: ${logged.join(' | ')}`;
      }
      // At most five new lines per answer: a second answer may log fields the first did not get to.
      drift.parse(list, sent, answer.name, CONTEXT);
      const fieldOf = (line: string) => line.split(' drifted')[0];
      const again = warnings()
        .slice(logged.length)
        .filter((line) => logged.map(fieldOf).includes(fieldOf(line)));
      if (again.length > 0) return `logged again: ${again.join(' | ')}`;
      return undefined;
    });
    expect(problems).toEqual([]);
  });

  it('alone: hands on declared types, or refuses the answer only for a field without a fallback', () => {
    const problems = problemsOf(answer, ({ path }, kind) => {
      const { drift } = reporter();
      let read: unknown;
      try {
        read = drift.parse(answer.schema, drifted(good, path, DRIFTED_VALUES[kind]), answer.name, CONTEXT);
      } catch (error) {
        if (!(error instanceof ServerError)) return `threw ${String(error)}`;
        const mayRefuse = path.length === 0 || answer.identity.includes(String(path[0]));
        return mayRefuse ? undefined : `refused: ${error.message}`;
      }
      return answer.schema.safeParse(read).success ? undefined : 'not of the declared type';
    });
    expect(problems).toEqual([]);
  });
});
