/** The Settings screen's commands: read and save settings, try unsaved connection values, pick a phone. */
import type { HandlersFor, SettingsView, settingsCommands } from '../../shared/contract';
import type { PbxClient } from '../../api';
import { checkAgentUsername } from '../connection/checkAgentUsername';
import { listPhones, type ConnectionProbe } from '../connection/connectionProbe';
import { describeCertificate } from './describeCertificate';
import type { SettingsService } from './settingsService';

export interface SettingsHandlersDeps {
  service: SettingsService;
  probe: ConnectionProbe;
  /** The active PBX's client; throws when there is none. */
  requireClient: () => PbxClient;
  /** Settings were saved: every window follows `settings:changed`. */
  onSaved: (view: SettingsView) => void;
}

export function settingsHandlers(
  deps: SettingsHandlersDeps,
): HandlersFor<Omit<typeof settingsCommands, 'settings:language'>> {
  const { service, probe, requireClient } = deps;
  return {
    'settings:get': async () => service.view(),
    'settings:save': async (args) => {
      const result = await service.save(args);
      if (result.saved) deps.onSaved(result.view);
      return result;
    },
    'connection:test': async (draft) => probe.test(draft),
    'directory:phones': async ({ connection }) =>
      connection ? probe.withDraftClient(connection, listPhones) : listPhones(requireClient()),
    'users:check': async ({ username, connection }) =>
      connection
        ? probe.withDraftClient(connection, (client) => checkAgentUsername(client, username))
        : checkAgentUsername(requireClient(), username),
    'certificate:inspect': async ({ pem }) => describeCertificate(pem),
  };
}
