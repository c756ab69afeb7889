/**
 * Colleagues' presence where there are no colleagues: the desktop app and the browser host serve one agent
 * and monitor only that agent's phone, so they say presence is not available and the window shows none.
 */
import type { HandlersFor, presenceCommands } from '../../shared/contract';

export function presenceOutsideTeamServer(): HandlersFor<typeof presenceCommands> {
  return {
    'presence:list': async () => ({ available: false, colleagues: [] }),
  };
}
