/** Everything the route handlers read and write, built once per server by server.ts. */
import type { SimClock } from './clock';
import type { Crm } from './store/crm';
import type { CrmPaging } from './store/crmPaging';
import type { Organisation } from './store/organisation';
import type { AgentQueueAnswers } from './store/agentQueues';
import type { QueueStatistics } from './store/queueStatistics';
import type { QueueTraffic } from './store/queueTraffic';
import type { SharedDataStore } from './store/sharedData';
import type { VoicebotSessions } from './store/voicebot';

export interface DemoState {
  organisation: Organisation;
  crm: Crm;
  /** How the CRM lists page (capped pages, refused limits). */
  crmPaging: CrmPaging;
  shared: SharedDataStore;
  voicebot: VoicebotSessions;
  queueStatistics: QueueStatistics;
  /** Background callers in the queues, and the control interface's switch for a queue's waiting callers. */
  queueTraffic: QueueTraffic;
  /** How a bulk membership update with an unknown agent or queue is answered (a control interface switch). */
  agentQueueAnswers: AgentQueueAnswers;
  clock: SimClock;
  /** When the simulated PBX started (epoch ms on the simulated clock). */
  startedMs: number;
}
