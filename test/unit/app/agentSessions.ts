/** Agent sessions of the team-server tests: one agent on shared PbxServices, settings in memory. */
import { AgentSession, type AgentSessionDeps } from '../../../src-main/app/agent/agentSession';
import type { PbxServices } from '../../../src-main/app/pbx/pbxServices';
import { MemorySettingsStore, SettingsRepository } from '../../../src-main/app/settings/settingsRepository';
import { defaultSettings } from '../../../src-main/app/settings/settingsSchema';
import type { Settings } from '../../../src-main/shared/contract';
import { systemClock } from '../../../src-main/shared/clock';
import { silentLogger } from '../../../src-main/shared/logger';

/** A session on `pbx` whose settings start as the defaults with `settings`; `deps` adds or overrides. */
export function agentSession(
  pbx: PbxServices,
  settings: Partial<Settings>,
  deps: Partial<AgentSessionDeps> = {},
): AgentSession {
  return AgentSession.create({
    pbx,
    clock: systemClock,
    logger: silentLogger,
    settings: new SettingsRepository({
      store: new MemorySettingsStore(),
      defaults: { ...defaultSettings(), ...settings },
      logger: silentLogger,
    }),
    agent: () => undefined,
    ...deps,
  });
}
