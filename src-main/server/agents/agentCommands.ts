/**
 * The whole command table of one agent on the team server: the agent session's own commands, plus what a
 * host adds (app info and the connection, Settings). Settings are the agent's own file; who they are and
 * their phone are locked to what the server derived from the PBX user (agentSessions.ts), as a managed
 * deployment locks fields, so a save can never change them. The policy (server/policy/) wraps this table.
 */
import type { AgentSession } from '../../app/agent/agentSession';
import { connectionHandlers } from '../../app/connection/connectionHandlers';
import { ConnectionProbe } from '../../app/connection/connectionProbe';
import type { PbxTransport } from '../../app/connection/pbxTransport';
import type { PbxServices } from '../../app/pbx/pbxServices';
import { MemorySecretStore } from '../../app/settings/secretStore';
import { settingsHandlers } from '../../app/settings/settingsHandlers';
import type { ManagedPolicy } from '../../app/settings/managedPolicy';
import type { SettingsRepository } from '../../app/settings/settingsRepository';
import { SettingsService } from '../../app/settings/settingsService';
import type { AdminChannel, AppInfo, AppMode, CommandHandlers } from '../../shared/contract';
import type { Clock } from '../../shared/clock';
import { activeTranslator } from '../../shared/i18n';
import type { Logger } from '../../shared/logger';
import { refusalError, refuse } from '../policy';
import { teamServerClientUnavailable } from '../../app/teamServerClient/teamServerClientUnavailable';
import { presenceHandlers } from '../presence/presenceHandlers';
import type { PresenceSource } from '../presence/presenceSource';

export interface AgentCommandsDeps {
  pbx: PbxServices;
  session: AgentSession;
  settings: SettingsRepository;
  /** The settings the server sets for the agent (who they are, their phone), locked as a managed policy's. */
  identityLocks: ManagedPolicy;
  build: Omit<AppInfo, 'mode'>;
  /** What the server runs against: the embedded demo PBX or a configured one. */
  mode: AppMode;
  transport: PbxTransport;
  /** Colleagues' presence (the server's presence board). */
  presence: PresenceSource;
  clock: Clock;
  logger: Logger;
}

/** An agent's table without the admin page's commands, which each sign-in session adds (sessionSockets.ts). */
export type AgentCommandHandlers = Omit<CommandHandlers, AdminChannel>;

export function agentCommands(deps: AgentCommandsDeps): AgentCommandHandlers {
  const { pbx, session, settings, clock, logger } = deps;
  // The PBX's secret is the server's and never an agent's: their settings hold no connection of their own.
  const secrets = new MemorySecretStore();
  const service = new SettingsService({
    repository: settings,
    secrets,
    modes: { activeMode: deps.mode, apply: async () => {} },
    demoAvailable: false,
    numberingCountry: () => session.numberingCountry(),
    policy: deps.identityLocks,
    connectionOfHost: true,
    logger,
  });
  const probe = new ConnectionProbe({
    clock,
    logger,
    transport: deps.transport,
    secrets,
    savedConnection: () => settings.current,
  });
  return {
    ...session.speakingCommands({
      ...connectionHandlers({
        build: deps.build,
        mode: () => deps.mode,
        connection: () => session.connectionState,
        checkNow: () => pbx.connection.checkNow(),
      }),
      ...settingsHandlers({
        service,
        probe,
        requireClient: () => session.requireClient(),
        onSaved: (view) => session.emit('settings:changed', view),
      }),
      // The server's data is the team's: the policy refuses this before it gets here (notOnServer).
      'privacy:clear': async () => {
        throw refusalError(refuse('policy.privacyClearOnServer'), activeTranslator());
      },
      ...presenceHandlers(deps.presence),
      // A page served by the team server cannot move to another server: only the desktop app chooses.
      ...teamServerClientUnavailable(),
    }),
    ...session.commands,
  };
}
