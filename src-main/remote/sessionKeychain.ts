/**
 * This computer's session on a team server, kept through the app's SecretStore (the OS keychain, or
 * safeStorage, or this run only): the RemoteCredential `{ origin, cookie }` as JSON, under an account that
 * names the server's origin. Never in the settings file, a log or SQLite.
 */
import type { SecretStore } from '../app/settings/secretStore';
import type { Logger } from '../shared/logger';
import type { RemoteCredential } from './enrollment';

/** The keychain account of the session on `origin`: `team-server-session@https://ringside.example.com`. */
export function sessionAccount(origin: string): string {
  return `team-server-session@${origin}`;
}

export class SessionKeychain {
  constructor(
    private readonly secrets: SecretStore,
    private readonly logger: Logger,
  ) {}

  get storage(): SecretStore['kind'] {
    return this.secrets.kind;
  }

  /** The session stored for `origin`, or null (none, unreadable, or filed for another origin). */
  async read(origin: string): Promise<RemoteCredential | null> {
    if (origin === '') return null;
    let text: string | null;
    try {
      text = await this.secrets.get(sessionAccount(origin));
    } catch (error) {
      this.logger.error('the team server session could not be read from the secret store', error);
      return null;
    }
    if (text === null) return null;
    try {
      const stored = JSON.parse(text) as Partial<RemoteCredential>;
      if (stored.origin === origin && typeof stored.cookie === 'string' && stored.cookie !== '') {
        return { origin, cookie: stored.cookie };
      }
    } catch {
      // Not ours to read: treated as no session (logged below, never its content).
    }
    this.logger.warn(`the stored team server session for ${origin} is not readable; sign in again`);
    return null;
  }

  async save(credential: RemoteCredential): Promise<void> {
    const { origin, cookie } = credential;
    await this.secrets.set(sessionAccount(origin), JSON.stringify({ origin, cookie }));
  }

  /** Forgets the session on `origin`; true when there was one. */
  async forget(origin: string): Promise<boolean> {
    if (origin === '') return false;
    return this.secrets.delete(sessionAccount(origin));
  }
}
