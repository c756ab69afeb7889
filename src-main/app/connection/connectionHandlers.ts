/**
 * `app:*`, `connection:get` and `connection:retry` (`locale:get` is in i18n/localeHandlers.ts): what is
 * running, how the connection to the PBX stands, and "Try again" while it is offline.
 */
import type { AppInfo, AppMode, ConnectionState, HandlersFor, appCommands } from '../../shared/contract';

export interface ConnectionHandlersDeps {
  build: Omit<AppInfo, 'mode'>;
  /** The mode to report: the forced one of a test, else the PBX actually in use. */
  mode: () => AppMode;
  connection: () => ConnectionState;
  /** Checks the PBX now, unless credentials refused at setup wait for new ones. */
  checkNow: () => Promise<void>;
}

export function connectionHandlers(
  deps: ConnectionHandlersDeps,
): HandlersFor<Omit<typeof appCommands, 'locale:get'>> {
  return {
    'app:info': async () => ({ ...deps.build, mode: deps.mode() }),
    'connection:get': async () => deps.connection(),
    'connection:retry': async () => {
      await deps.checkNow();
      return deps.connection();
    },
  };
}
