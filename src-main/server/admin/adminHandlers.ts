/**
 * The admin page's commands on the team server (docs/team-server.md, "Administration"): the sign-in
 * sessions listed and revoked, enrollment links issued, listed and cancelled, over the server's SessionStore
 * and EnrollmentLinks; and the supervisor view (supervisorView.ts). Built per sign-in session, so the list
 * can mark the administrator's own session and a revocation can say it included it. The policy
 * (COMMAND_RULES) lets administrators alone reach these, and the guard audits each one that changes
 * something.
 */
import {
  AppError,
  type adminCommands,
  type AdminSession,
  type AdminSupervisorView,
  type HandlersFor,
} from '../../shared/contract';
import type { Translator } from '../../shared/i18n';
import type { EnrollmentLink, EnrollmentLinks } from '../identity/enrollmentLinks';
import type { AgentResolver } from '../identity/oidcSignIn';
import type { Session, SessionStore } from '../identity/sessionStore';

export class NoSuchPbxUser extends AppError {
  readonly code = 'not-found';
}

export interface AdminHandlersDeps {
  sessions: SessionStore;
  enrollment: EnrollmentLinks;
  /** Who asks: their username (as issuer of links), their sign-in session, whether they administer. */
  caller: { username: string; sessionId: string; isAdmin: boolean };
  /** The PBX user a typed username names (identity/pbxUserResolver.ts), or undefined when there is none. */
  findPbxUser: AgentResolver;
  /** The supervisor view now (supervisorView.ts): the same for every administrator. */
  supervisor: () => Promise<AdminSupervisorView>;
  translator: () => Translator;
}

const linkView = ({ id, agent, issuedBy, createdAt, expiresAt }: EnrollmentLink) => ({
  id,
  agent,
  issuedBy,
  createdAt,
  expiresAt,
});

export function adminHandlers(deps: AdminHandlersDeps): HandlersFor<typeof adminCommands> {
  const { sessions, enrollment, caller } = deps;
  const view = (session: Session): AdminSession => ({
    id: session.id,
    agent: session.agent,
    device: session.device,
    method: session.method,
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    current: session.id === caller.sessionId,
  });
  /** Revokes the sessions listed in `before`, saying whether the caller's own was among them. */
  const revoking = (before: Session[], revoke: () => number) => {
    const includedOwn = before.some((session) => session.id === caller.sessionId);
    return { revoked: revoke(), includedOwn };
  };
  return {
    'admin:access': async () => ({ teamServer: true, administrator: caller.isAdmin }),
    'admin:sessions': async () => sessions.list().map(view),
    'admin:revokeSession': async ({ id }) => {
      const revoked = sessions.revoke(id) ? 1 : 0;
      return { revoked, includedOwn: revoked > 0 && id === caller.sessionId };
    },
    'admin:revokeAgent': async ({ username }) => {
      const agent = username.trim();
      return revoking(sessions.list(agent), () => sessions.revokeAgent(agent));
    },
    'admin:revokeAll': async () => revoking(sessions.list(), () => sessions.revokeAll()),
    'admin:enrollments': async () => enrollment.pending().map(linkView),
    'admin:issueEnrollment': async ({ username }) => {
      const wanted = username.trim();
      const found = await deps.findPbxUser(wanted);
      if (found === undefined) {
        throw new NoSuchPbxUser(deps.translator().t('admin.noSuchPbxUser', { name: wanted }), {
          name: wanted,
        });
      }
      const { link, url, appUrl } = enrollment.issue(found.username, caller.username);
      return { link: linkView(link), url, appUrl };
    },
    'admin:cancelEnrollment': async ({ id }) => ({ cancelled: enrollment.cancel(id) }),
    'admin:supervisor': () => deps.supervisor(),
  };
}
