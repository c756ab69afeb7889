/**
 * The local log of every change Ringside makes to the agent's queue membership (time, queues, result), and
 * the "paused while away" offer, which must survive a restart (Ringside paused the queues when it quit and
 * offers resuming them when it starts again). A JSON-lines file in the user data directory, readable by
 * the user only (0600); one line per record, so an append never rewrites what is there. It is trimmed to
 * the newest records when it grows past a limit.
 */
import { appendFileSync, chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { QueueLogEntry } from '../../shared/contract';
import type { Logger } from '../../shared/logger';

/** A record of the file: a change, or the away offer taken or dismissed. */
export type QueueLogRecord = ({ kind: 'change' } & QueueLogEntry) | { kind: 'away-cleared'; at: number };

export interface QueueChangeLogStore {
  append(record: QueueLogRecord): void;
  /** Every record kept, oldest first. */
  records(): QueueLogRecord[];
}

const Failure = z.object({ queueId: z.number(), message: z.string() });
const RecordSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('change'),
    at: z.number(),
    agentId: z.number(),
    action: z.enum(['pause', 'resume', 'pause-all', 'resume-all', 'join', 'leave', 'resume-away']),
    cause: z.enum(['agent', 'quit', 'shutdown', 'sleep', 'lock']),
    queueIds: z.array(z.number()),
    ok: z.boolean(),
    failures: z.array(Failure),
    agentError: z.string().nullable(),
  }),
  z.object({ kind: z.literal('away-cleared'), at: z.number() }),
]);

/** Records beyond this are dropped, oldest first, when the file is trimmed. */
export const QUEUE_LOG_KEEP = 1000;
/** The file is trimmed once it holds this many records. */
const TRIM_AT = 2 * QUEUE_LOG_KEEP;

export class MemoryQueueChangeLog implements QueueChangeLogStore {
  private readonly kept: QueueLogRecord[] = [];

  append(record: QueueLogRecord): void {
    this.kept.push(record);
    if (this.kept.length > TRIM_AT) this.kept.splice(0, this.kept.length - QUEUE_LOG_KEEP);
  }

  records(): QueueLogRecord[] {
    return [...this.kept];
  }
}

export class JsonLinesQueueChangeLog implements QueueChangeLogStore {
  private cache: QueueLogRecord[] | undefined;

  constructor(
    private readonly path: string,
    private readonly logger: Logger,
  ) {}

  append(record: QueueLogRecord): void {
    const records = this.records();
    records.push(record);
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      if (records.length > TRIM_AT) {
        this.rewrite(records.slice(-QUEUE_LOG_KEEP));
      } else {
        appendFileSync(this.path, `${JSON.stringify(record)}\n`, { mode: 0o600 });
        chmodSync(this.path, 0o600);
        this.cache = records;
      }
    } catch (error) {
      // The change itself happened on the PBX; a log line that could not be written is worth a warning only.
      this.logger.warn(`queue log: ${this.path} could not be written`, error);
      this.cache = records;
    }
  }

  records(): QueueLogRecord[] {
    this.cache ??= this.load();
    return [...this.cache];
  }

  private load(): QueueLogRecord[] {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.logger.warn(`queue log: ${this.path} could not be read; starting an empty log`, error);
      }
      return [];
    }
    const records: QueueLogRecord[] = [];
    let unreadable = 0;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      const parsed = RecordSchema.safeParse(parseLine(line));
      if (parsed.success) records.push(parsed.data);
      else unreadable++;
    }
    // A line cut short by a crash costs that line only.
    if (unreadable > 0) this.logger.warn(`queue log: skipped ${unreadable} unreadable lines of ${this.path}`);
    return records;
  }

  private rewrite(records: QueueLogRecord[]): void {
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, records.map((record) => `${JSON.stringify(record)}\n`).join(''), {
      mode: 0o600,
    });
    renameSync(temporary, this.path);
    this.cache = records;
  }
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** The newest changes first, at most `limit`. */
export function recentChanges(records: readonly QueueLogRecord[], limit: number): QueueLogEntry[] {
  const changes: QueueLogEntry[] = [];
  for (let index = records.length - 1; index >= 0 && changes.length < limit; index--) {
    const record = records[index]!;
    if (record.kind === 'change') {
      const { kind: _kind, ...entry } = record;
      changes.push(entry);
    }
  }
  return changes;
}

/**
 * The away pause still on offer for the agent: the newest change Ringside made by itself (on quit, shutdown,
 * sleep or lock) that paused something, unless a resume of it or a dismissal came after.
 */
export function pendingAwayPause(
  records: readonly QueueLogRecord[],
  agentId: number,
): { reason: Exclude<QueueLogEntry['cause'], 'agent'>; at: number; queueIds: number[] } | null {
  for (let index = records.length - 1; index >= 0; index--) {
    const record = records[index]!;
    if (record.kind === 'away-cleared') return null;
    if (record.agentId !== agentId) continue;
    if (record.action === 'resume-away') return null;
    if (record.cause === 'agent' || record.action !== 'pause-all') continue;
    const failed = new Set(record.failures.map((failure) => failure.queueId));
    const queueIds = record.queueIds.filter((id) => !failed.has(id));
    return queueIds.length > 0 ? { reason: record.cause, at: record.at, queueIds } : null;
  }
  return null;
}
