/**
 * What the team server's audit log records (docs/team-server.md, "Audit log"): each state-changing command
 * and each refusal, and each sign-in and sign-out. An event names what it concerns (a phone, a queue, a
 * person, a call) and never carries a secret, a PIN or an argument dump: `target` holds only the fields below.
 */
import type { CommandChannel, ErrorCode } from '../../shared/contract';

/** What a command concerned. Numbers the agent dialled are cut to their last digits (`…567`). */
export interface AuditTarget {
  /** The agent's line (extension or device identifier). */
  phone?: string;
  /** A number dialled, masked. */
  number?: string;
  call?: string;
  /** `all` for pause-all and resume-all. */
  queue?: number | 'all';
  person?: number;
  /** The PBX group a person is created in. */
  group?: number;
  /** What was done to the target: `hangup`, `pause`… */
  action?: string;
  /** The names (never the values) of the settings a save changes. */
  settings?: string[];
  /** The admin page: a sign-in session's public id (`all` for revoke-all), a PBX username, a link's id. */
  session?: string;
  username?: string;
  link?: string;
}

export type AuditResult = 'ok' | 'forbidden' | 'failed';

export interface CommandAuditEvent {
  kind: 'command';
  /** The agent's PBX user name. */
  agent: string;
  sessionId: string;
  command: CommandChannel;
  target: AuditTarget;
  result: AuditResult;
  /** The contract's code of a failure (`forbidden` for a refusal). */
  error?: ErrorCode;
}

export interface SessionAuditEvent {
  kind: 'sign-in' | 'sign-out';
  agent: string;
  sessionId: string;
  /** How: `oidc`, `enrollment`, `expired`, `revoked`, `signed-out`… (the identity module's word). */
  method?: string;
  /** The browser's address, as the server saw it (behind a trusted proxy: the forwarded one). */
  address?: string;
}

/** Written by the log itself: this many events could not be kept (the disk did not take them in time). */
export interface LostAuditEvent {
  kind: 'lost';
  count: number;
}

export type AuditEvent = CommandAuditEvent | SessionAuditEvent | LostAuditEvent;

/** Where events go; the file log (auditLog.ts) is one, a test's list another. */
export interface AuditRecorder {
  record(event: AuditEvent): void;
}
