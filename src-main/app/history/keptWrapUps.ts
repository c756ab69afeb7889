/**
 * Wrap-ups the agent saved while the history file turned out damaged: the save failed, but what the agent
 * typed is kept here (in memory, per history file) and saved into the repaired file as soon as it is there
 * (historyPerPbx.ts). The agent is told at once, with an error that says the wrap-up is not lost.
 */
import type { HistoryService } from '../../calls';
import { AppError, type WrapUpSaveArgs } from '../../shared/contract';
import { t } from '../../shared/i18n';
import type { Logger } from '../../shared/logger';

export class WrapUpKeptError extends AppError {
  readonly code = 'cache-unavailable';

  constructor(uniqueid: string, options?: { cause?: unknown }) {
    super(t('connection.wrapUpKept'), { uniqueid }, options);
  }
}

export class KeptWrapUps {
  /** By history file path, oldest first. */
  private readonly saves = new Map<string, WrapUpSaveArgs[]>();

  keep(historyPath: string, args: WrapUpSaveArgs): void {
    this.saves.set(historyPath, [...(this.saves.get(historyPath) ?? []), args]);
  }

  count(historyPath: string): number {
    return this.saves.get(historyPath)?.length ?? 0;
  }

  /** Saves what was kept for this file into its repaired history; one that meets damage again stays kept. */
  saveInto(historyPath: string, history: HistoryService, logger: Logger): void {
    const saves = this.saves.get(historyPath) ?? [];
    this.saves.delete(historyPath);
    for (const args of saves) {
      try {
        history.save(args);
        logger.info(`The wrap-up of call ${args.uniqueid} kept during the repair of the history is saved`);
      } catch (error) {
        // Kept again by the service; anything else is a refusal that typing it again would meet too.
        if (!(error instanceof WrapUpKeptError)) {
          logger.error(
            `The wrap-up of call ${args.uniqueid} kept during the repair could not be saved`,
            error,
          );
        }
      }
    }
  }
}
