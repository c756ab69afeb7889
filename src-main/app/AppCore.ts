import type { AppInfo, AppMode, CommandHandlers, ConnectionState } from '../shared/contract';
import type { Clock } from '../shared/clock';
import type { Logger } from '../shared/logger';
import { EventHub, type EventListener } from './events';

export interface AppCoreDeps {
  clock: Clock;
  logger: Logger;
  /** Static facts about the running build, read by the composition root. */
  build: Omit<AppInfo, 'mode'>;
  mode: AppMode;
}

/**
 * The application: one method per contract command, events through `subscribe`. It knows nothing of
 * Electron; the shell binds it to IPC and the e2e harness binds it to a Playwright page.
 */
export class AppCore implements CommandHandlers {
  private readonly events = new EventHub();
  private connection: ConnectionState;

  constructor(private readonly deps: AppCoreDeps) {
    this.connection = {
      status: 'unconfigured',
      message: 'No PBX is configured yet.',
      since: deps.clock.now(),
    };
  }

  subscribe(listener: EventListener): () => void {
    return this.events.subscribe(listener);
  }

  async 'connection:get'(): Promise<ConnectionState> {
    return this.connection;
  }

  async 'app:info'(): Promise<AppInfo> {
    return { ...this.deps.build, mode: this.deps.mode };
  }

  protected setConnection(status: ConnectionState['status'], message: string): void {
    this.connection = { status, message, since: this.deps.clock.now() };
    this.deps.logger.info(`connection: ${status}`);
    this.events.emit('connection:state', this.connection);
  }

  async dispose(): Promise<void> {}
}
