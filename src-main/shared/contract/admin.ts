/**
 * The team server's administration (docs/team-server.md, "Administration"): sign-in sessions listed and
 * revoked (one, all of an agent's, all), enrollment links issued, listed and cancelled. Only a team server
 * carries these; its policy lets administrators alone use them. The desktop app and the browser host answer
 * `admin:access` with no access and refuse the rest.
 */
import { z } from 'zod';
import { command } from './define';

/** A session's or a link's public id (never a token): base64url, as the server makes them. */
const PublicIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
/** A PBX username as an administrator types it. */
const UsernameSchema = z.string().trim().min(1).max(200);

export type AdminSignInMethod = 'oidc' | 'enrollment';

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
  'admin:issueEnrollment': command(AdminAgentArgsSchema).changes<{ link: AdminEnrollment; url: string }>(),
  'admin:cancelEnrollment': command(AdminCancelEnrollmentArgsSchema).changes<{ cancelled: boolean }>(),
};
