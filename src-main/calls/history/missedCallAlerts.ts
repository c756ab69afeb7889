/**
 * Tells the agent of a missed call once: an inbound call that rang their phone and ended unanswered by
 * anyone. When a queue call stops ringing on the agent's phone because a colleague took it, the agent's phone
 * only sees it end unanswered; the PBX's version-2 record of the call (readable while it goes on) says whether
 * anyone connected it, so a call a colleague took raises no alert. When the PBX cannot be asked, the call
 * counts as missed: an alert too many is better than a caller never called back.
 */
import type { CallEnded, EventChannel, Events, HistoryItem } from '../../shared/contract';
import type { Logger } from '../../shared/logger';

export interface MissedCallAlertsDeps {
  /** The app's events: `call:ended` starts the check. */
  subscribe(listener: <E extends EventChannel>(channel: E, payload: Events[E]) => void): () => void;
  /** Raises the alert (the `call:missed` event: an OS notification, the tray's count). */
  alert(call: HistoryItem): void;
  /** Whether the PBX says someone answered the call (its record has a `connected` time). */
  answeredByAnyone(uniqueid: string): Promise<boolean>;
  logger: Logger;
}

/** Calls already alerted of, so a repeated end (a restart settling old calls) never alerts twice. */
const REMEMBERED = 500;

export class MissedCallAlerts {
  /** Alerts through the app's events (`call:missed`), asking the active PBX's call record who answered. */
  static onEvents(
    events: Pick<MissedCallAlertsDeps, 'subscribe'> & {
      emit(channel: 'call:missed', call: HistoryItem): void;
    },
    client: () => { callDetailV2(uniqueid: string): Promise<{ connected: number | null }> },
    logger: Logger,
  ): MissedCallAlerts {
    return new MissedCallAlerts({
      subscribe: (listener) => events.subscribe(listener),
      alert: (call) => events.emit('call:missed', call),
      answeredByAnyone: async (uniqueid) => (await client().callDetailV2(uniqueid)).connected !== null,
      logger,
    });
  }

  private readonly alerted = new Set<string>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: MissedCallAlertsDeps) {
    this.unsubscribe = deps.subscribe((channel, payload) => {
      if (channel === 'call:ended') void this.check(payload as CallEnded);
    });
  }

  dispose(): void {
    this.unsubscribe();
  }

  private async check({ uniqueid, call }: CallEnded): Promise<void> {
    if (call.outcome !== 'missed' || call.direction !== 'inbound' || this.alerted.has(uniqueid)) return;
    this.alerted.add(uniqueid);
    if (this.alerted.size > REMEMBERED) this.alerted.delete(this.alerted.values().next().value!);
    try {
      if (await this.deps.answeredByAnyone(uniqueid)) {
        this.deps.logger.info(`missed calls: ${uniqueid} was answered elsewhere (a colleague took it)`);
        return;
      }
    } catch (error) {
      this.deps.logger.warn(`missed calls: could not ask the PBX who answered ${uniqueid}; alerting`, error);
    }
    this.deps.alert(call);
  }
}
