/** Options of the demo PBX, their defaults and their checks (shared by startDemoPbx and the CLI). */
import type { Logger } from '../shared/logger';
import type { SimClockOptions } from './clock';
import type { DriftRequest } from './http/responseDrift';

export interface DemoPbxOptions {
  /** Same seed → same directory, users, persons and call history. */
  seed?: number;
  /** CRM persons to seed. */
  persons?: number;
  /** Fewest phone numbers a seeded person has (1–3; the most is 3). Default 1. */
  minPhonesPerPerson?: number;
  /** Back-office users added to the seeded organisation, each with a phone extension; default 0. */
  staff?: number;
  tokenTtlSeconds?: number;
  /** Mean seconds between automatic inbound calls to the agent's phone; 0 turns them off. */
  ringEverySeconds?: number;
  /**
   * Mean seconds between background callers entering each active inbound queue (answered by other agents,
   * or giving up); 0 turns them off. Default: `ringEverySeconds`, so a PBX without automatic calls has
   * quiet queues too.
   */
  queueCallersEverySeconds?: number;
  /** Seconds until an ended call's transcription is done. */
  transcribeAfterSeconds?: number;
  /** false: no bearer token needed, like a PBX whose API authentication is disabled (for testing). */
  auth?: boolean;
  /** 0 (default): a free port. */
  port?: number;
  host?: string;
  /** Receives the request log and unexpected errors. */
  logger?: Logger;
  /** The simulated clock: `real` time (default) or `manual` (moves only by advance, for tests). */
  clock?: SimClockOptions;
  /** CRM list pages hold at most this many items whatever `limit` asks for; null (default): no cap. */
  pageCap?: number | null;
  /** A CRM list `limit` above this is refused with HTTP 400; null (default): 1–1000 are served. */
  maxLimit?: number | null;
  /** Simulated drift from the start, as POST /_sim/drift bodies (see http/responseDrift.ts). */
  drift?: DriftRequest[];
}

export type ResolvedOptions = Required<Omit<DemoPbxOptions, 'logger' | 'clock' | 'drift'>> &
  Pick<DemoPbxOptions, 'logger' | 'clock' | 'drift'>;

export const DEFAULT_OPTIONS = {
  seed: 1,
  persons: 2000,
  minPhonesPerPerson: 1,
  staff: 0,
  tokenTtlSeconds: 3600,
  ringEverySeconds: 45,
  transcribeAfterSeconds: 5,
  auth: true,
  port: 0,
  host: '127.0.0.1',
  pageCap: null,
  maxLimit: null,
} as const;

/** Staff take the extensions 2000–9999 that no seeded extension uses: at most 2,000 of them. */
export const MAX_STAFF = 2000;

/** The largest persons count accepted: memory stays small (lazy), but lists and indexes grow with it. */
export const MAX_PERSONS = 1_000_000;

function requireInteger(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
}

/** Fills in the defaults; throws a RangeError naming the option when a value is out of range. */
export function resolveOptions(options: DemoPbxOptions): ResolvedOptions {
  const resolved = {
    ...DEFAULT_OPTIONS,
    ...options,
    queueCallersEverySeconds:
      options.queueCallersEverySeconds ?? options.ringEverySeconds ?? DEFAULT_OPTIONS.ringEverySeconds,
  };
  requireInteger('seed', resolved.seed, 0, 2 ** 31 - 1);
  requireInteger('persons', resolved.persons, 0, MAX_PERSONS);
  requireInteger('minPhonesPerPerson', resolved.minPhonesPerPerson, 1, 3);
  requireInteger('staff', resolved.staff, 0, MAX_STAFF);
  requireInteger('tokenTtlSeconds', resolved.tokenTtlSeconds, 1, 31 * 24 * 3600);
  requireInteger('ringEverySeconds', resolved.ringEverySeconds, 0, 24 * 3600);
  requireInteger('queueCallersEverySeconds', resolved.queueCallersEverySeconds, 0, 24 * 3600);
  requireInteger('transcribeAfterSeconds', resolved.transcribeAfterSeconds, 0, 24 * 3600);
  requireInteger('port', resolved.port, 0, 65_535);
  if (resolved.pageCap != null) requireInteger('pageCap', resolved.pageCap, 1, 1000);
  if (resolved.maxLimit != null) requireInteger('maxLimit', resolved.maxLimit, 1, 1000);
  return resolved;
}
