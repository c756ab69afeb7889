/** What an agent session is built from (agentSession.ts): the PBX's shared services and the agent's own. */
import type { CallerDirectory, HistoryServiceDeps, RecentNumbersStore } from '../../calls';
import type { QueueChangeLogStore, QueuesPolicy, SharedQueues } from '../../calls/queues';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { ActiveAgent } from '../connection/connectionModeController';
import type { HistoryFiles } from '../history/historyFiles';
import type { PbxServices } from '../pbx/pbxServices';
import type { SettingsRepository } from '../settings/settingsRepository';

export interface AgentSessionDeps {
  /** The PBX the agent works on, shared with every other session on it. */
  pbx: PbxServices;
  clock: Clock;
  logger: Logger;
  /** The agent's settings: preferences (language, CRM, queues, retention…); on the desktop the connection's too. */
  settings: SettingsRepository;
  /** Who the agent is on the PBX (username) and the phone they use; undefined while unknown. */
  agent(): ActiveAgent | undefined;
  /** The demo organisation's country while on the demo PBX (numbers are read in it, after the settings'). */
  demoCountry?(): string | undefined;
  /** The OS region (ISO 3166 alpha-2), after the PBX side's for phone numbers. */
  osRegion?: string;
  /** The OS's preferred languages, most preferred first; none when absent (English then). */
  systemLanguages?: readonly string[];
  /** Speak the pseudo-locale (layout tests). */
  pseudoLocale?: boolean;
  /**
   * The session speaks for the whole process: its language is the process's (the desktop's tray and
   * notifications follow it). The one session of a desktop or browser host; never a team server's.
   */
  speaksForProcess?: boolean;
  /**
   * The agent's history file of each PBX (closed with the session); absent: the one beside the PBX's
   * directory cache (one agent per PBX, the desktop).
   */
  historyFiles?: HistoryFiles;
  /** The local directory for the screen-pop and the dial preview; absent: the PBX's directory cache. */
  directory?: () => CallerDirectory | undefined;
  /** Where recently dialled numbers persist; in memory when absent. */
  recentNumbers?: RecentNumbersStore;
  /** Where the log of queue membership changes persists; memory when absent. */
  queueLog?: QueueChangeLogStore;
  /** The queue readings shared with the other agents on the PBX (a team server's); absent: the session's own. */
  sharedQueues?: SharedQueues;
  /** Tests shorten the queues' schedules. */
  queuesPolicy?: Partial<QueuesPolicy>;
  /** Tests shorten the review fetcher's and the outbox's schedules. */
  historyPolicies?: Pick<HistoryServiceDeps, 'reviewPolicy' | 'outboxPolicy'>;
  /** Opens a CRM link in the OS browser; absent where the page opens it itself. */
  openExternalLink?: (url: string) => Promise<void>;
  /** The numbering country in use changed (the host's settings view shows it). */
  onNumberingCountryChanged?(): void;
}
