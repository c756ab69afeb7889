/**
 * The admin page's state (team server only, docs/team-server.md "Administration"): whether this window has
 * one, the signed-in sessions and the pending enrollment links, read as a snapshot and read again after each
 * change the administrator makes (the server sends no events for them), and the one link just issued, which
 * is shown once and never read back.
 */
import type {
  AdminEnrollment,
  AdminIssuedEnrollment,
  AdminRevokeResult,
  AdminSession,
} from '../../../src-main/shared/contract';
import { describeError, type ErrorDescription } from '../errors';
import { invoke } from '../ringside';
import { Action } from './action.svelte';

/** Whether the navigation offers the admin page: on a team server, to an administrator. */
export class AdminAccessState {
  available = $state(false);

  async load(): Promise<void> {
    try {
      const access = await invoke('admin:access');
      this.available = access.teamServer && access.administrator;
    } catch {
      // A host that cannot say offers no admin page; the server checks every admin command in any case.
      this.available = false;
    }
  }
}

export class AdminState {
  sessions = $state.raw<AdminSession[]>([]);
  enrollments = $state.raw<AdminEnrollment[]>([]);
  loaded = $state(false);
  loadError = $state.raw<ErrorDescription | null>(null);
  /** The link just issued: its URL exists nowhere else. */
  issued = $state.raw<AdminIssuedEnrollment | null>(null);
  readonly revoking = new Action<AdminRevokeResult>();
  readonly issuing = new Action<AdminIssuedEnrollment>();
  readonly cancelling = new Action<{ cancelled: boolean }>();

  async load(): Promise<void> {
    try {
      const [sessions, enrollments] = await Promise.all([
        invoke('admin:sessions'),
        invoke('admin:enrollments'),
      ]);
      this.sessions = sessions;
      this.enrollments = enrollments;
      this.loadError = null;
    } catch (error) {
      this.loadError = describeError(error);
    } finally {
      this.loaded = true;
    }
  }

  /** The agents with sessions, each once, in the order of their first session. */
  get agents(): string[] {
    const agents = this.sessions.map((session) => session.agent);
    return agents.filter((agent, index) => agents.indexOf(agent) === index);
  }

  revokeSession(id: string): Promise<AdminRevokeResult | null> {
    return this.#revoke(() => invoke('admin:revokeSession', { id }));
  }

  revokeAgent(username: string): Promise<AdminRevokeResult | null> {
    return this.#revoke(() => invoke('admin:revokeAgent', { username }));
  }

  revokeAll(): Promise<AdminRevokeResult | null> {
    return this.#revoke(() => invoke('admin:revokeAll'));
  }

  async issue(username: string): Promise<boolean> {
    this.issued = null;
    const issued = await this.issuing.run(() => invoke('admin:issueEnrollment', { username }));
    if (!issued) return false;
    this.issued = issued;
    await this.load();
    return true;
  }

  async cancel(id: string): Promise<boolean> {
    const result = await this.cancelling.run(() => invoke('admin:cancelEnrollment', { id }));
    await this.load();
    return result?.cancelled ?? false;
  }

  async #revoke(request: () => Promise<AdminRevokeResult>): Promise<AdminRevokeResult | null> {
    const result = await this.revoking.run(request);
    if (result && !result.includedOwn) await this.load();
    return result;
  }
}
