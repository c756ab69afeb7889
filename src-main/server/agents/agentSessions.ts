/**
 * The team server's agents: one PbxServices for the PBX, and one AgentSession per PBX username that has at
 * least one holder. The holders are the agent's live sign-in sessions (`monitorWhileSignedOut`, the default:
 * the session is made when their page loads or a socket connects, or the server starts with it alive, so
 * their calls are monitored and their history kept while any of their devices is signed in, with a socket
 * open or not), or else their open sockets (made at the first, disposed when the last closes). Each agent's settings and history are files of their own in
 * `<data>/agents/<folder>/` (agentFolder.ts); who they are and their phone come from the PBX user.
 */
import { join } from 'node:path';
import { userDisplayName } from '../../api/schemas';
import { AgentSession, type AgentSessionDeps } from '../../app/agent/agentSession';
import { findAgentUser } from '../../app/connection/findAgentUser';
import { AgentHistoryFiles } from '../../app/history/historyFiles';
import type { PbxTransport } from '../../app/connection/pbxTransport';
import type { PbxServices } from '../../app/pbx/pbxServices';
import type { ManagedPolicy } from '../../app/settings/managedPolicy';
import { openSettingsStore } from '../../app/settings/settingsFile';
import { SettingsRepository } from '../../app/settings/settingsRepository';
import { defaultSettings } from '../../app/settings/settingsSchema';
import type { SharedQueues } from '../../calls/queues';
import { openHistoryFile } from '../../cache';
import type { Clock } from '../../shared/clock';
import type { AppInfo, AppMode, Settings } from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import { NO_ADMINISTRATORS, type AdministratorRules } from '../policy/administrators';
import type { PresenceSource } from '../presence/presenceSource';
import { agentCommands, type AgentCommandHandlers } from './agentCommands';
import { agentFolder } from './agentFolder';
import type { PhoneOverrides } from './agentPhone';
import { resolveAgent, type ResolvedAgent } from './resolveAgent';

export interface AgentSessionsOptions {
  pbx: PbxServices;
  /** The server's data directory; each agent's files go to `agents/<folder>/` in it. */
  dataDirectory: string;
  transport: PbxTransport;
  clock: Clock;
  logger: Logger;
  build: Omit<AppInfo, 'mode'>;
  mode: AppMode;
  /** An administrator's `{ username: extension }`, over the PBX user's primary extension. */
  phoneOverrides?: PhoneOverrides;
  /** Who administers the server (the configuration's `admins`); default nobody. */
  administrators?: AdministratorRules;
  /** The numbering country of the demo PBX while on it. */
  demoCountry?: () => string | undefined;
  osRegion?: string;
  /** Settings of a new agent before they change any (tests poll faster). */
  settingsDefaults?: Partial<Settings>;
  /** Tests shorten the history's and the queues' schedules. */
  sessionPolicies?: Pick<AgentSessionDeps, 'historyPolicies' | 'queuesPolicy'>;
  /** What the agents' `presence:list` answers from (the presence board). */
  presence: PresenceSource;
  /** Told of each agent's session as it starts and as it ends (the presence board follows them so). */
  observer?: ServedAgentObserver;
  /** The queue readings every agent shares (one poll of the PBX for all, docs/team-server.md). */
  sharedQueues: SharedQueues;
}

export interface ServedAgentObserver {
  served(agent: ServedAgent): void;
  ended(agent: ServedAgent): void;
}

/** One agent being served: who they are, their session, and their whole (unguarded) command table. */
export interface ServedAgent {
  readonly identity: ResolvedAgent;
  readonly session: AgentSession;
  readonly commands: AgentCommandHandlers;
}

interface Entry {
  served: Promise<ServedAgent>;
  /** Set once `served` resolved: what the supervisor view reads without waiting. */
  ready?: ServedAgent;
  /** The sign-in sessions that hold this agent. */
  holders: Set<string>;
}

const canonical = (username: string) => username.trim().toLowerCase();

/** The holder name of one socket of a sign-in session (`monitorWhileSignedOut: false`). */
export const socketHolder = (sessionId: string, socket: string) => `${sessionId}#${socket}`;

export class AgentSessions {
  private readonly agents = new Map<string, Entry>();

  constructor(private readonly options: AgentSessionsOptions) {}

  /** The agents served now. */
  get count(): number {
    return this.agents.size;
  }

  /** The agent `username`, held by sign-in session `sessionId`; made (and started) at its first holder. */
  open(sessionId: string, username: string): Promise<ServedAgent> {
    const key = canonical(username);
    let entry = this.agents.get(key);
    if (!entry) {
      const made: Entry = { served: this.make(username), holders: new Set() };
      entry = made;
      this.agents.set(key, made);
      // An agent that could not be made (unknown on the PBX, the PBX away) is tried afresh next time.
      made.served.then(
        (served) => (made.ready = served),
        () => {
          if (this.agents.get(key) === made) this.agents.delete(key);
        },
      );
    }
    entry.holders.add(sessionId);
    return entry.served;
  }

  /**
   * Sign-in session `sessionId` ended: it and its sockets (holders `socketHolder(sessionId, …)`) hold the
   * agent no more; their session ends with the last of its holders.
   */
  close(sessionId: string, username: string): void {
    const entry = this.agents.get(canonical(username));
    if (!entry) return;
    const prefix = socketHolder(sessionId, '');
    for (const holder of entry.holders) {
      if (holder === sessionId || holder.startsWith(prefix)) entry.holders.delete(holder);
    }
    this.letGoIfUnheld(username);
  }

  /** One holder (a socket) lets the agent go; their session ends with the last of its holders. */
  release(holder: string, username: string): void {
    this.agents.get(canonical(username))?.holders.delete(holder);
    this.letGoIfUnheld(username);
  }

  /** The agent if they are being served (and made already). */
  async find(username: string): Promise<ServedAgent | undefined> {
    return this.agents.get(canonical(username))?.served.catch(() => undefined);
  }

  /** Who the agent is on the PBX, if they are served and their session is made already. */
  servedIdentity(username: string): ResolvedAgent | undefined {
    return this.agents.get(canonical(username))?.ready?.identity;
  }

  /**
   * The agent's name as the PBX shows it: from their session when they are served, else read from the PBX
   * (one lookup); undefined when the PBX does not answer or knows no such user.
   */
  async displayNameOf(username: string): Promise<string | undefined> {
    const served = await this.find(username);
    if (served) return served.identity.displayName;
    const { pbx } = this.options;
    try {
      const search = await findAgentUser(pbx.requireClient(), username, pbx.knownUserIds(username));
      return search.found ? userDisplayName(search.user) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Ends every agent's session (the PBX services stay the caller's). */
  async dispose(): Promise<void> {
    const entries = [...this.agents.values()];
    this.agents.clear();
    for (const entry of entries) {
      const served = await entry.served.catch(() => undefined);
      if (served) this.end(served);
    }
  }

  private letGoIfUnheld(username: string): void {
    const key = canonical(username);
    const entry = this.agents.get(key);
    if (!entry || entry.holders.size > 0) return;
    this.agents.delete(key);
    entry.served.then(
      (served) => this.end(served),
      () => {},
    );
  }

  /** The observer first: what the session says as it is disposed is no longer the agent's presence. */
  private end(served: ServedAgent): void {
    this.options.observer?.ended(served);
    served.session.dispose();
  }

  private async make(username: string): Promise<ServedAgent> {
    const { pbx, clock, logger } = this.options;
    const identity = await resolveAgent(pbx.requireClient(), username, pbx.knownUserIds(username), {
      phoneOverrides: this.options.phoneOverrides ?? {},
      administrators: this.options.administrators ?? NO_ADMINISTRATORS,
    });
    const folder = agentFolder(this.options.dataDirectory, identity.username);
    const identityLocks: ManagedPolicy = {
      presets: {},
      locked: { mode: 'configured', agentUsername: identity.username, phone: identity.phone },
      source: null,
    };
    const settings = new SettingsRepository({
      store: openSettingsStore({ directory: folder, logger }),
      defaults: { ...defaultSettings(), ...this.options.settingsDefaults },
      logger,
      policy: identityLocks,
    });
    const agent = { username: identity.username, phone: identity.phone };
    const session = AgentSession.create({
      pbx,
      clock,
      logger,
      settings,
      agent: () => agent,
      demoCountry: this.options.demoCountry,
      osRegion: this.options.osRegion,
      ...this.options.sessionPolicies,
      sharedQueues: this.options.sharedQueues,
      historyFiles: new AgentHistoryFiles({
        caches: pbx.caches,
        open: (directoryFile) => openHistoryFile(join(folder, `history-${directoryFile}`), { logger }),
        logger,
      }),
    });
    session.start();
    const commands = agentCommands({
      pbx,
      session,
      settings,
      identityLocks,
      build: this.options.build,
      mode: this.options.mode,
      transport: this.options.transport,
      presence: this.options.presence,
      clock,
      logger,
    });
    logger.info(`team server: serving agent ${identity.username}`);
    const served = { identity, session, commands };
    this.options.observer?.served(served);
    return served;
  }
}
