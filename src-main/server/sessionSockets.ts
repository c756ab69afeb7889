/**
 * The WebSockets of the team server, per sign-in session: each session's sockets are bound to its agent's
 * command table wrapped by the policy (guardCommands, with the audit recorder) and hear that agent's events
 * only, through the browser host's binding (web/tabSockets.ts: page key first, then invokes and events).
 * When a session ends (revoked, expired, signed out) its sockets are closed at once with the protocol's
 * signed-out code, and its agent's session is let go (disposed with the agent's last session).
 *
 * The page key a socket must send first is an HMAC of the session's id under a secret of this process: the
 * page gets it with index.html (served only with the session's cookie), so a cookie alone, sent along by a
 * page of another origin that got past the Origin check, opens no socket.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AdminSupervisorView } from '../shared/contract';
import type { Logger } from '../shared/logger';
import { createTranslator } from '../shared/i18n';
import { CLOSE_SIGNED_OUT } from '../shared/wsProtocol';
import { TabSockets, type TabSocket } from '../web/tabSockets';
import { adminHandlers } from './admin/adminHandlers';
import type { ServedAgent } from './agents/agentSessions';
import type { AuditRecorder } from './audit/auditEvent';
import type { EnrollmentLinks } from './identity/enrollmentLinks';
import { pbxUsernameResolver } from './identity/pbxUserResolver';
import type { Session, SessionStore } from './identity/sessionStore';
import { guardCommands, type CommandPolicy, type CrmEditPolicy } from './policy';

interface SessionTabs {
  tabs: TabSockets;
  sockets: Set<TabSocket>;
  /** The agent's session the tabs are bound to. */
  served: ServedAgent;
}

export interface SessionSocketsOptions {
  audit: AuditRecorder;
  crmEdits: CrmEditPolicy;
  /** What the admin page's commands act on. */
  sessions: SessionStore;
  enrollment: EnrollmentLinks;
  /** The admin page's supervisor view (the same for every administrator). */
  supervisor: () => Promise<AdminSupervisorView>;
  logger: Logger;
}

export class SessionSockets {
  private readonly bySession = new Map<string, SessionTabs>();
  private readonly keySecret = randomBytes(32);

  constructor(private readonly options: SessionSocketsOptions) {}

  /** The page key of a session: what its page sends as each socket's first frame. */
  pageKeyOf(sessionId: string): string {
    return createHmac('sha256', this.keySecret).update(sessionId, 'utf8').digest('base64url');
  }

  /** Open sockets, all sessions together. */
  get count(): number {
    let count = 0;
    for (const { sockets } of this.bySession.values()) count += sockets.size;
    return count;
  }

  /** Whether a socket of this sign-in session is open now. */
  isConnected(sessionId: string): boolean {
    return (this.bySession.get(sessionId)?.sockets.size ?? 0) > 0;
  }

  /** Binds a socket whose cookie named `session` (and whose Origin was the server's own) to its agent. */
  accept(socket: TabSocket, session: Session, served: ServedAgent, origin: string): void {
    const entry = this.tabsOf(session, served);
    entry.sockets.add(socket);
    socket.on('close', () => entry.sockets.delete(socket));
    const expected = Buffer.from(this.pageKeyOf(session.id));
    entry.tabs.accept(socket, `${session.agent} ${origin}`, (key) => {
      const given = Buffer.from(key);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }

  /** The session ended: its sockets are closed now, signed out, and hear nothing more. */
  ended(sessionId: string): void {
    const entry = this.bySession.get(sessionId);
    if (!entry) return;
    this.bySession.delete(sessionId);
    for (const socket of entry.sockets) {
      // i18n-exempt: the WebSocket close reason, protocol text the page never shows.
      socket.close(CLOSE_SIGNED_OUT, 'signed out');
    }
    entry.sockets.clear();
    entry.tabs.close();
  }

  /** Closes every socket (the server is stopping). */
  close(): void {
    for (const entry of this.bySession.values()) entry.tabs.close();
    this.bySession.clear();
  }

  private tabsOf(session: Session, served: ServedAgent): SessionTabs {
    const existing = this.bySession.get(session.id);
    if (existing?.served === served) return existing;
    // The agent's session was made again (monitorWhileSignedOut false, after their last socket closed):
    // the tabs bound to the disposed one go with it.
    existing?.tabs.close();
    const { identity, session: agentSession, commands } = served;
    const policy: CommandPolicy = {
      crmEdits: this.options.crmEdits,
      personGroup: async (personId) => (await agentSession.requireClient().persons.get(personId)).group_id,
      callInHistory: async (uniqueid) => agentSession.history.store.get(uniqueid) !== null,
      translator: () => createTranslator(agentSession.locale.state.locale),
    };
    const agent = { ...identity, sessionId: session.id };
    const admin = adminHandlers({
      sessions: this.options.sessions,
      enrollment: this.options.enrollment,
      caller: { username: identity.username, sessionId: session.id, isAdmin: identity.isAdmin },
      findPbxUser: (name) => pbxUsernameResolver(agentSession.requireClient())(name),
      supervisor: this.options.supervisor,
      translator: policy.translator,
    });
    const guarded = guardCommands(
      { ...commands, ...agentSession.speakingCommands(admin) },
      agent,
      policy,
      this.options.audit,
    );
    const tabs = new TabSockets(
      { commands: guarded, subscribe: (listener) => agentSession.subscribe(listener) },
      this.options.logger,
    );
    const entry: SessionTabs = { tabs, sockets: new Set(), served };
    this.bySession.set(session.id, entry);
    return entry;
  }
}
