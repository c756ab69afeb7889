/**
 * Simulated drift (POST /_sim/drift, `--drift`): answers of one kind carry a field of another JSON type, or
 * are replaced whole, as a PBX of another version might send them, so a client's tolerance can be shown
 * end to end. A rule names the answer (`target`, named as the client's log lines name it: `calls`,
 * `persons`, `user`, …), the field (`caller_number`, `contacts[].contact`: `[]` means each item of that
 * list; absent: the item itself), the JSON value to put there, and the share of items it hits (0–1; which
 * items is fixed by their id, so the same ones drift in every answer). Only successful answers drift; the
 * stores are never touched.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_CALL_ROUTE_PREFIXES } from '../calls/routes';
import { describeIssues } from './validation';

const { v1, v2 } = DEFAULT_CALL_ROUTE_PREFIXES;

/** Where in the envelope the items sit: each item of `data`, `data` itself, or the whole body (status). */
type Placement = 'list' | 'record' | 'body';

interface DriftTarget {
  placement: Placement;
  /** Fastify route patterns of the GET requests that answer with it. */
  routes: readonly string[];
}

const list = (...routes: string[]): DriftTarget => ({ placement: 'list', routes });
const record = (...routes: string[]): DriftTarget => ({ placement: 'record', routes });

export const DRIFT_TARGETS = {
  calls: list(`${v1}/call`),
  call: record(`${v1}/call/:uniqueid`),
  callV2: record(`${v2}/call/:uniqueid`),
  permissions: record(
    `${v1}/call/:uniqueid/permissions/:userId`,
    `${v1}/call/:uniqueid/permissions/external/:externalId`,
    `${v1}/call/:uniqueid/permissions/username/:username`,
  ),
  metadata: record(`${v1}/metadata/:uniqueid`),
  status: { placement: 'body', routes: [`${v1}/status`] },
  extensions: list(`${v1}/extensions`),
  queues: list(`${v1}/queues`),
  queue: record(`${v1}/queue/:queue_id`),
  groups: list(`${v1}/groups`),
  roles: list(`${v1}/roles`),
  teams: list(`${v1}/teams`),
  users: list(`${v1}/users`),
  user: record(`${v1}/user/:user_id`, `${v1}/user/external/:external_id`),
  agentQueues: list(`${v1}/queues/agents`),
  persons: list(`${v1}/crm/persons`),
  person: record(`${v1}/crm/person/:person_id`, `${v1}/crm/person/external/:external_id`),
  companies: list(`${v1}/crm/companies`),
  company: record(`${v1}/crm/company/:company_id`, `${v1}/crm/company/external/:external_id`),
  shared: record(`${v1}/shared/:identificator`),
} as const satisfies Record<string, DriftTarget>;

export type DriftTargetName = keyof typeof DRIFT_TARGETS;
const TARGET_NAMES = Object.keys(DRIFT_TARGETS) as [DriftTargetName, ...DriftTargetName[]];

const FIELD_PATTERN = /^[A-Za-z0-9_-]+(\[\])?(\.[A-Za-z0-9_-]+(\[\])?)*$/;

/** The body of POST /_sim/drift and the JSON of `--drift`. */
export const DriftRequest = z.strictObject({
  target: z.enum(TARGET_NAMES, { message: `target must be one of ${TARGET_NAMES.join(', ')}` }),
  field: z
    .string()
    .max(200)
    .regex(FIELD_PATTERN, 'field must look like caller_number or contacts[].contact')
    .optional(),
  // Any JSON value: the body (or the flag) is parsed JSON already.
  value: z.unknown(),
  share: z.number().min(0, 'share is 0 to 1').max(1, 'share is 0 to 1').default(1),
});
export type DriftRequest = z.input<typeof DriftRequest>;
export type DriftRule = z.output<typeof DriftRequest>;

interface Segment {
  key: string;
  /** `contacts[]`: every item of the list under `key`. */
  each: boolean;
}

function segmentsOf(field: string | undefined): Segment[] {
  if (!field) return [];
  return field.split('.').map((part) => ({ key: part.replace(/\[\]$/, ''), each: part.endsWith('[]') }));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `node` with `value` at `segments` (copy on write: the stores' objects stay as they are). */
function withValueAt(node: unknown, segments: readonly Segment[], value: unknown): unknown {
  const [first, ...rest] = segments;
  if (!first) return structuredClone(value);
  if (!isObject(node)) return node;
  const child = node[first.key];
  if (!first.each) return { ...node, [first.key]: withValueAt(child, rest, value) };
  if (!Array.isArray(child)) return node;
  return { ...node, [first.key]: child.map((item) => withValueAt(item, rest, value)) };
}

/** 0 ≤ x < 1, the same for the same text: which items a share hits. */
function fraction(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  }
  return hash / 2 ** 32;
}

function hits(rule: DriftRule, item: unknown, index: number): boolean {
  if (rule.share >= 1) return true;
  const key = isObject(item) ? (item.id ?? item.uniqueid ?? index) : index;
  return fraction(`${rule.target}:${rule.field ?? ''}:${String(key)}`) < rule.share;
}

function drifted(rule: DriftRule, item: unknown, index: number): unknown {
  return hits(rule, item, index) ? withValueAt(item, segmentsOf(rule.field), rule.value) : item;
}

export class ResponseDrift {
  private rules: DriftRule[] = [];

  /** Drift with the given rules from the start (`--drift`); a RangeError names a rule that is not valid. */
  static from(requests: readonly unknown[] = []): ResponseDrift {
    const drift = new ResponseDrift();
    for (const request of requests) {
      const parsed = DriftRequest.safeParse(request);
      if (!parsed.success)
        throw new RangeError(`drift ${JSON.stringify(request)}: ${describeIssues(parsed.error)}`);
      drift.set(parsed.data);
    }
    return drift;
  }

  /** Adds the rule, replacing one for the same target and field; a share of 0 removes it. */
  set(rule: DriftRule): DriftRule[] {
    const others = this.rules.filter((old) => old.target !== rule.target || old.field !== rule.field);
    this.rules = rule.share > 0 ? [...others, rule] : others;
    return this.list();
  }

  clear(): void {
    this.rules = [];
  }

  list(): DriftRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** Whether a rule targets these answers (a route that answers with bytes serialised ahead must not then). */
  targets(target: DriftTargetName): boolean {
    return this.rules.some((rule) => rule.target === target);
  }

  /** The hook that applies the rules to the answers they target, before they are serialised. */
  install(app: FastifyInstance): void {
    app.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
      if (
        this.rules.length === 0 ||
        request.method !== 'GET' ||
        !isObject(payload) ||
        payload.success !== true
      ) {
        return done(null, payload);
      }
      const route = request.routeOptions.url;
      let answer: Record<string, unknown> = payload;
      for (const rule of this.rules) {
        const target: DriftTarget = DRIFT_TARGETS[rule.target];
        if (route === undefined || !target.routes.includes(route)) continue;
        answer = this.apply(rule, target.placement, answer);
      }
      done(null, answer);
    });
  }

  private apply(rule: DriftRule, placement: Placement, answer: Record<string, unknown>) {
    if (placement === 'body') return drifted(rule, answer, 0) as Record<string, unknown>;
    const { data } = answer;
    if (placement === 'record') return { ...answer, data: drifted(rule, data, 0) };
    if (!Array.isArray(data)) return answer;
    return { ...answer, data: data.map((item, index) => drifted(rule, item, index)) };
  }
}
