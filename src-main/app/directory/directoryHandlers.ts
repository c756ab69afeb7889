/** The directory: search and cards from the local cache, contact edits on the PBX, and the sync. */
import type { HandlersFor, directoryCommands } from '../../shared/contract';
import type { DirectoryService } from './directoryService';
import type { SyncScheduler } from './syncScheduler';

export function directoryHandlers(
  directory: DirectoryService,
  sync: SyncScheduler,
): HandlersFor<typeof directoryCommands> {
  return {
    'directory:search': async (args) => directory.search(args),
    'directory:person': async (args) => directory.person(args),
    'directory:company': async (args) => directory.company(args),
    'directory:createPerson': async (args) => directory.createPerson(args),
    'directory:updateContacts': async (args) => directory.updateContacts(args),
    'sync:run': async () => sync.run(),
    'sync:cancel': async () => sync.cancel(),
    'sync:status': async () => sync.status(),
  };
}
