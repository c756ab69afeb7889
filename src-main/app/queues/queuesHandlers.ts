/** The agent's queues: membership, changes, the away offer, the change log and the board (docs/queues.md). */
import type { QueuesService } from '../../calls/queues';
import type { HandlersFor, queuesCommands } from '../../shared/contract';

export function queuesHandlers(queues: QueuesService): HandlersFor<typeof queuesCommands> {
  return {
    'queues:get': async () => queues.view(),
    'queues:refresh': async () => queues.refresh(),
    'queues:change': async (change) => queues.change(change),
    'queues:resumeAway': async () => queues.resumeAway(),
    'queues:dismissAway': async () => queues.dismissAway(),
    'queues:catalog': async () => queues.catalog(),
    'queues:log': async () => queues.log(),
    'queueBoard:get': async () => queues.board(),
  };
}
