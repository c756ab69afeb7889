/**
 * The team server's administration (docs/team-server.md, "Administration"): sign-in sessions listed and
 * revoked (one, all of an agent's, all), enrollment links issued, listed and cancelled, and the supervisor
 * view (the agents signed in, their presence, the queue board). Only a team server
 * carries these; its policy lets administrators alone use them. The desktop app and the browser host answer
 * `admin:access` with no access and refuse the rest.
 */
import { z } from 'zod';
import { command } from './define';
import type { IpcError } from './errors';
import type { PresenceState } from './presence';
import type { QueueTypeName } from './queues';

/** A session's or a link's public id (never a token): base64url, as the server makes them. */
const PublicIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
/** A PBX username as an administrator types it. */
const UsernameSchema = z.string().trim().min(1).max(200);

export type AdminSignInMethod = 'oidc' | 'enrollment' | 'native';

/** One live sign-in session, as the admin page lists it. */
export interface AdminSession {
  /** The session's public id (what revocation names); not the cookie's token. */
  id: string;
  /** The PBX username the session acts as. */
  agent: string;
  /** The device label: a browser and system, or the name given at enrollment. */
  device: string;
  method: AdminSignInMethod;
  /** Epoch milliseconds. */
  createdAt: number;
  lastSeenAt: number;
  /** This is the session the administrator is using now. */
  current: boolean;
}

/** A pending enrollment link (not used, not expired). */
export interface AdminEnrollment {
  id: string;
  agent: string;
  issuedBy: string;
  createdAt: number;
  expiresAt: number;
}

/** A link just issued, in both forms (shared/enrollmentLink.ts). */
export interface AdminIssuedEnrollment {
  link: AdminEnrollment;
  /** The web form, `https://…/enroll#…`, for a browser. */
  url: string;
  /** The same link for the desktop app, `ringside://enroll?server=…#…`. */
  appUrl: string;
}

/** Whether this window may show the admin page: on a team server, to an administrator. */
export interface AdminAccess {
  teamServer: boolean;
  administrator: boolean;
}

export interface AdminRevokeResult {
  /** How many sessions ended. */
  revoked: number;
  /** The administrator's own session was among them: this window is signed out next. */
  includedOwn: boolean;
}

/** What the supervisor view knows of an agent's phone now (the presence board's reading). */
export interface SupervisorPresence {
  state: PresenceState;
  /** They serve at least one queue and are paused in every one of them. */
  pausedInAllQueues: boolean;
  /** When `state` last changed (epoch milliseconds). */
  since: number;
}

/** One agent the team server serves now: someone with at least one live sign-in session. */
export interface SupervisorAgent {
  /** The PBX username. */
  username: string;
  /** The PBX user's display name; the username until the server has read the user. */
  displayName: string;
  /** The extension of the phone the server monitors for them; null: they have none, or it is not known. */
  extension: string | null;
  /** Live sign-in sessions (devices) of this agent. */
  devices: number;
  /** At least one of those devices has the app open (a socket connected) now. */
  connected: boolean;
  /** Null when the server does not know (no presence board, or not yet monitored). */
  presence: SupervisorPresence | null;
}

/** A PBX queue on the supervisor's board: GET /queues' figures, and the longest wait from GET /queue/{id}. */
export interface SupervisorQueue {
  id: number;
  name: string;
  number: string;
  type: QueueTypeName;
  /** The queue's own `active`. */
  active: boolean;
  callersWaiting: number;
  /** Seconds the longest-waiting caller has waited (inbound queues; 0 with nobody waiting); null: unknown. */
  longestWaitSeconds: number | null;
  /** Agents idle, ringing, talking or in after-call work in this queue. */
  agentsServing: number;
  /** Agents in aux (paused) in this queue. */
  agentsAux: number;
}

export interface SupervisorQueueBoard {
  /** Every queue GET /queues lists, by name; the last good reading's when the latest failed. */
  queues: SupervisorQueue[];
  /** When GET /queues answered (epoch ms); null before the first good reading. */
  readAt: number | null;
  /** Why the latest reading failed. */
  problem: IpcError | null;
}

/** The supervisor view of the admin page: who is signed in, their presence, and every queue's board. */
export interface AdminSupervisorView {
  agents: SupervisorAgent[];
  /** Whether this server keeps a presence board at all; false: every presence is unknown. */
  presenceKnown: boolean;
  board: SupervisorQueueBoard;
}

export const AdminRevokeSessionArgsSchema = z.strictObject({ id: PublicIdSchema });
export const AdminAgentArgsSchema = z.strictObject({ username: UsernameSchema });
export const AdminCancelEnrollmentArgsSchema = z.strictObject({ id: PublicIdSchema });

export type AdminChannel = keyof typeof adminCommands;

export const adminCommands = {
  'admin:access': command(z.undefined()).returns<AdminAccess>(),
  'admin:sessions': command(z.undefined()).returns<AdminSession[]>(),
  'admin:revokeSession': command(AdminRevokeSessionArgsSchema).changes<AdminRevokeResult>(),
  'admin:revokeAgent': command(AdminAgentArgsSchema).changes<AdminRevokeResult>(),
  'admin:revokeAll': command(z.undefined()).changes<AdminRevokeResult>(),
  'admin:enrollments': command(z.undefined()).returns<AdminEnrollment[]>(),
  /** The link is in the result only: the server keeps its token's hash, so it is shown once. */
  'admin:issueEnrollment': command(AdminAgentArgsSchema).changes<AdminIssuedEnrollment>(),
  'admin:cancelEnrollment': command(AdminCancelEnrollmentArgsSchema).changes<{ cancelled: boolean }>(),
  /** Read every 2 s while the page shows it; the PBX's queues are read at most once per 2 s for everyone. */
  'admin:supervisor': command(z.undefined()).returns<AdminSupervisorView>(),
};
