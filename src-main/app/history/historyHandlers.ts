/** After the call: history, review and wrap-up of the active PBX (docs/history-and-review.md). */
import type { HistoryService } from '../../calls';
import type { HandlersFor, historyCommands, reviewCommands, wrapUpCommands } from '../../shared/contract';

type HistoryAreaCommands = typeof historyCommands & typeof reviewCommands & typeof wrapUpCommands;

/** `history` is read at each call: the active PBX (and so its history) may change between two commands. */
export function historyHandlers(history: () => HistoryService): HandlersFor<HistoryAreaCommands> {
  return {
    'history:list': async (args) => history().list(args),
    'history:markSeen': async (args) => history().markSeen(args),
    'history:search': async (args) => history().search(args),
    'history:repair': async () => history().store.repairNotice(),
    'history:dismissRepair': async () => ({ dismissed: history().store.dismissRepairNotice() }),
    'review:get': async (args) => history().review(args),
    'review:open': async ({ uniqueid }) => history().open(uniqueid),
    'wrapup:get': async ({ uniqueid }) => history().wrapUp(uniqueid),
    'wrapup:save': async (args) => history().save(args),
    'wrapup:pending': async () => history().pending(),
    'wrapup:discard': async ({ uniqueid }) => history().discard(uniqueid),
    'wrapup:draft': async (args) => history().saveDraft(args),
    'wrapup:drafts': async () => history().keptDrafts(),
  };
}
