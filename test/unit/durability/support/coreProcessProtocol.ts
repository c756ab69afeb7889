/** What the test and the core in its child process (coreProcess.ts) say to each other. */
import type { DemoPbxHandle } from '../../../../src-main/app/connection/connectionModeController';
import type { HistoryRepair, SyncStatus } from '../../../../src-main/shared/contract';

export interface CoreProcessConfig {
  userData: string;
  pbx: Omit<DemoPbxHandle, 'close'>;
}

export type CoreOrder =
  | { type: 'save'; saves: { uniqueid: string; note: string }[] }
  /** Keeps a wrap-up draft as the window does while the agent types (not saved). */
  | { type: 'draft'; uniqueid: string; note: string }
  /** Reports, once the integrity checks have run, the saved notes of these calls. */
  | { type: 'state'; uniqueids: string[] }
  | { type: 'stop' };

export type CoreReport =
  | { type: 'ready' }
  | { type: 'sync'; status: SyncStatus }
  | { type: 'saved'; uniqueid: string }
  | { type: 'drafted'; uniqueid: string }
  | {
      type: 'state';
      notes: Record<string, string | null>;
      /** The notes of the drafts kept (`wrapup:drafts`), by call. */
      drafts: Record<string, string>;
      sync: SyncStatus;
      damaged: { directory: boolean | null; history: boolean | null };
      repair: HistoryRepair | null;
    };
