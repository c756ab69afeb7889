/** Everything the route handlers read and write, built once per server by server.ts. */
import type { SimClock } from './clock';
import type { Crm } from './store/crm';
import type { Organisation } from './store/organisation';
import type { QueueStatistics } from './store/queueStatistics';
import type { SharedDataStore } from './store/sharedData';
import type { VoicebotSessions } from './store/voicebot';

export interface DemoState {
  organisation: Organisation;
  crm: Crm;
  shared: SharedDataStore;
  voicebot: VoicebotSessions;
  queueStatistics: QueueStatistics;
  clock: SimClock;
  /** When the simulated PBX started (epoch ms on the simulated clock). */
  startedMs: number;
}
