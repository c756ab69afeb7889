/** `presence:list` on a team server: every signed-in agent's presence, from the board. */
import type { HandlersFor, presenceCommands } from '../../shared/contract';
import type { PresenceSource } from './presenceSource';

export function presenceHandlers(source: PresenceSource): HandlersFor<typeof presenceCommands> {
  return {
    'presence:list': async () => ({ available: true, colleagues: source.list() }),
  };
}
