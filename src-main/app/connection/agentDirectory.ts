/**
 * The one place that knows who the agent is on the PBX. The agent username of the settings (the demo's own
 * agent in demo mode) is resolved to the PBX user once, keeping what the app's features need of it (its
 * group for new contacts; its team, locale, lines and softphone for the queue, language and caller-context
 * features). It is resolved again when the agent or the PBX changes, refreshed daily (one user read), and
 * tried again when the PBX answers again after it could not be asked.
 *
 * Resolving reads user details (findAgentUser.ts): first the agent found before, then the users of the
 * local directory with that login name, and only failing those the likeliest users of the PBX's list.
 */
import type { User } from '../../api/schemas';
import { systemTimers, type Timers } from '../../calls';
import type { Clock } from '../../shared/clock';
import type { ConnectionStatus } from '../../shared/contract';
import { errorMessage } from '../../shared/contract';
import { activeTranslator, onLocaleChange, t } from '../../shared/i18n';
import type { Logger } from '../../shared/logger';
import { findAgentUser, type UserLookupClient } from './findAgentUser';

/** What the app keeps of the agent's PBX user. */
export interface AgentProfile {
  id: number;
  username: string;
  displayName: string;
  active: boolean;
  groupId: number;
  teamId: number | null;
  /** `cs_CZ`, `en_US`, `sk_SK`…: the agent's language on the PBX. */
  locale: string;
  /** The extension id of the agent's main line. */
  primaryExtension: number | null;
  /** The number shown on the agent's outside calls (`clid_number`); '' when the PBX sets none. */
  callerNumber: string;
  /** The agent's softphone device (`wssip_device_id`). */
  softphoneDeviceId: number | null;
}

/**
 * `none`: no agent username is set; `resolving`: being looked up; `known`: the PBX user, resolved at
 * `resolvedAt`; `unknown`: the PBX has no user of that login name; `unavailable`: the PBX could not be asked
 * (not connected, or it failed), tried again once it answers.
 */
export type AgentState =
  | { status: 'none'; username: null }
  | { status: 'resolving'; username: string }
  | { status: 'known'; username: string; profile: AgentProfile; resolvedAt: number }
  | { status: 'unknown' | 'unavailable'; username: string; message: string };

export const AGENT_REFRESH_MS = 24 * 3600_000;

export interface AgentDirectoryDeps {
  /** The active PBX's client; undefined while there is none. */
  client(): UserLookupClient | undefined;
  /** The agent username the settings name (the demo's own agent in demo mode); undefined or '' for none. */
  username(): string | undefined;
  /** Users of the local directory with this login name: read first, which spares reading many others. */
  knownUserIds?(username: string): number[];
  clock: Clock;
  logger: Logger;
  timers?: Timers;
  refreshMs?: number;
  /** Follows the agent's language switches (the message is worded again); absent: the process's. */
  onLocaleChange?(listener: () => void): () => void;
}

export type AgentListener = (state: AgentState) => void;

export function agentProfile(user: User): AgentProfile {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayname,
    active: user.active,
    groupId: user.group_id,
    teamId: user.team_id,
    locale: user.locale,
    primaryExtension: user.primary_extension,
    callerNumber: user.clid_number,
    softphoneDeviceId: user.wssip_device_id,
  };
}

export class AgentDirectory {
  private current: AgentState = { status: 'none', username: null };
  /** The client and username the current state is for. */
  private subject: { client: UserLookupClient | undefined; username: string } | undefined;
  /** Bumped by every resolution started: an older one's answer no longer counts. */
  private generation = 0;
  private running: Promise<void> | undefined;
  private timer: unknown;
  private readonly timers: Timers;
  private readonly listeners = new Set<AgentListener>();
  private disposed = false;
  /** Words the message of an `unknown` or `unavailable` state again, after a language switch. */
  private wording: (() => string) | undefined;
  private readonly stopWording: () => void;

  constructor(private readonly deps: AgentDirectoryDeps) {
    this.timers = deps.timers ?? systemTimers;
    this.stopWording = (deps.onLocaleChange ?? onLocaleChange)(() => this.reword());
  }

  get state(): AgentState {
    return this.current;
  }

  /** The agent's PBX user; undefined unless resolved. */
  get profile(): AgentProfile | undefined {
    return this.current.status === 'known' ? this.current.profile : undefined;
  }

  onChange(listener: AgentListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The settings or the PBX changed: resolves the agent again when the username or the PBX is not the one
   * the state is for (nothing is read when they are).
   */
  update(): void {
    const client = this.deps.client();
    const username = this.deps.username()?.trim() ?? '';
    if (this.subject && this.subject.client === client && this.subject.username === username) return;
    this.subject = { client, username };
    void this.resolve();
  }

  /** The connection changed: an agent that could not be resolved is tried again once the PBX answers. */
  connectionChanged(status: ConnectionStatus): void {
    if (status === 'connected' && this.current.status === 'unavailable') void this.resolve();
  }

  /** Resolves (or refreshes) the agent now; resolves when done, whatever the outcome. */
  refresh(): Promise<void> {
    return this.resolve();
  }

  /**
   * The agent once no resolution runs: the profile, or why Ringside does not know the agent. An agent the
   * PBX could not be asked about is asked about again first: whoever calls this needs the answer now.
   */
  async settled(): Promise<{ profile: AgentProfile } | { problem: string }> {
    await this.idle();
    if (this.current.status === 'unavailable' && this.deps.client()) await this.resolve();
    const state = this.current;
    if (state.status === 'known') return { profile: state.profile };
    if (state.status === 'none') return { problem: t('connection.agentNoUsername') };
    if (state.status === 'resolving') return { problem: t('connection.agentResolving') };
    return { problem: state.message };
  }

  /** Resolves once no resolution runs (for tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  dispose(): void {
    this.stopWording();
    this.disposed = true;
    this.generation++;
    this.clearTimer();
    this.listeners.clear();
  }

  private resolve(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    const generation = ++this.generation;
    this.clearTimer();
    const run = this.resolveNow(generation).finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async resolveNow(generation: number): Promise<void> {
    const client = this.deps.client();
    const username = this.deps.username()?.trim() ?? '';
    this.subject = { client, username };
    if (username === '') {
      this.set({ status: 'none', username: null });
      return;
    }
    if (!client) {
      const wording = () => t('connection.agentNotConnected');
      this.set({ status: 'unavailable', username, message: wording() }, wording);
      return;
    }
    const known = this.profile?.username.toLowerCase() === username.toLowerCase() ? this.profile : undefined;
    if (!known) this.set({ status: 'resolving', username });
    const hints = [...(known ? [known.id] : []), ...(this.deps.knownUserIds?.(username) ?? [])];
    let next: AgentState;
    let wording: (() => string) | undefined;
    try {
      const search = await findAgentUser(client, username, hints);
      if (!search.found) wording = () => activeTranslator().text(search.text);
      next = search.found
        ? { status: 'known', username, profile: agentProfile(search.user), resolvedAt: this.deps.clock.now() }
        : { status: 'unknown', username, message: search.message };
    } catch (error) {
      const reason = errorMessage(error);
      wording = () => t('connection.agentLookupFailed', { reason });
      const message = wording();
      if (generation !== this.generation || this.disposed) return;
      if (known && this.current.status === 'known') {
        // A failed refresh says nothing new about the agent: the profile stays, the next refresh is tomorrow.
        this.deps.logger.warn(`Agent: ${message}`);
        this.scheduleRefresh();
        return;
      }
      next = { status: 'unavailable', username, message };
    }
    if (generation !== this.generation || this.disposed) return;
    this.log(next);
    this.set(next, wording);
    if (next.status !== 'unavailable') this.scheduleRefresh();
  }

  private log(next: AgentState): void {
    const { logger } = this.deps;
    if (next.status === 'known') {
      const { id, groupId } = next.profile;
      logger.info(`Agent: ${next.username} is PBX user ${id} (group ${groupId})`);
    } else if (next.status === 'unknown' || next.status === 'unavailable') {
      logger.warn(`Agent: ${next.message}`);
    }
  }

  private set(state: AgentState, wording?: () => string): void {
    this.current = state;
    this.wording = wording;
    for (const listener of this.listeners) listener(state);
  }

  /** The language changed: why the agent is not known, in the new words. */
  private reword(): void {
    const state = this.current;
    if (!this.wording || (state.status !== 'unknown' && state.status !== 'unavailable')) return;
    const message = this.wording();
    if (message !== state.message) this.set({ ...state, message }, this.wording);
  }

  private scheduleRefresh(): void {
    this.clearTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.resolve();
    }, this.deps.refreshMs ?? AGENT_REFRESH_MS);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
