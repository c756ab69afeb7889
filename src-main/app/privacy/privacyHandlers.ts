/** Settings ▸ Privacy: clearing what Ringside keeps on this computer (docs/settings-and-secrets.md). */
import type { HandlersFor, privacyCommands } from '../../shared/contract';
import type { LocalDataClearer } from './localDataClearer';

export function privacyHandlers(localData: LocalDataClearer): HandlersFor<typeof privacyCommands> {
  return {
    'privacy:clear': async ({ unsentWrapUps }) => localData.clear(unsentWrapUps),
  };
}
