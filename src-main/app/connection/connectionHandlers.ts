/** `app:*` and `connection:get` (`locale:get` is in i18n/localeHandlers.ts): what is running and how the connection to the PBX stands. */
import type { AppInfo, AppMode, ConnectionState, HandlersFor, appCommands } from '../../shared/contract';

export interface ConnectionHandlersDeps {
  build: Omit<AppInfo, 'mode'>;
  /** The mode to report: the forced one of a test, else the PBX actually in use. */
  mode: () => AppMode;
  connection: () => ConnectionState;
}

export function connectionHandlers(
  deps: ConnectionHandlersDeps,
): HandlersFor<Omit<typeof appCommands, 'locale:get'>> {
  return {
    'app:info': async () => ({ ...deps.build, mode: deps.mode() }),
    'connection:get': async () => deps.connection(),
  };
}
