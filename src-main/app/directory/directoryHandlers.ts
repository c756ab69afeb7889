/** The directory: search and cards from the local cache, contact edits on the PBX, and the sync. */
import type { PersonActivityReader } from '../../calls/context/personActivity';
import type { HandlersFor, directoryCommands } from '../../shared/contract';
import type { DirectoryService } from './directoryService';
import type { SyncScheduler } from './syncScheduler';

export function directoryHandlers(
  directory: DirectoryService,
  sync: SyncScheduler,
  activity: PersonActivityReader,
): HandlersFor<typeof directoryCommands> {
  return {
    'directory:personActivity': async ({ id }) => activity.read(id),
    'directory:search': async (args) => directory.search(args),
    'directory:export': async (args) => directory.exportPage(args),
    'directory:person': async (args) => directory.person(args),
    'directory:company': async (args) => directory.company(args),
    'directory:createPerson': async (args) => directory.createPerson(args),
    'directory:updateContacts': async (args) => directory.updateContacts(args),
    'directory:newContactGroups': async () => directory.newContactGroups(),
    'sync:run': async () => sync.run(),
    'sync:cancel': async () => sync.cancel(),
    'sync:status': async () => sync.status(),
  };
}
