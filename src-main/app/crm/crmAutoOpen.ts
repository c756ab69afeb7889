/**
 * "Open the CRM when I answer": an inbound call Ringside saw ringing that becomes connected has its CRM link
 * opened once, in the OS browser. Only where the host opens links itself (the desktop app): a browser blocks a
 * tab no click opened, so the browser host offers the button only.
 */
import type { CallView } from '../../shared/contract';
import { errorMessage } from '../../shared/contract';
import type { Logger } from '../../shared/logger';
import type { CrmLinks } from './crmLinks';

export interface CrmAutoOpenDeps {
  links: Pick<CrmLinks, 'link'>;
  enabled(): boolean;
  logger: Logger;
}

export class CrmAutoOpen {
  private readonly rang = new Set<string>();
  private readonly handled = new Set<string>();

  constructor(private readonly deps: CrmAutoOpenDeps) {}

  /** Follows `calls:changed`. */
  callsChanged(calls: readonly CallView[]): void {
    const present = new Set(calls.map((call) => call.uniqueid));
    for (const seen of [this.rang, this.handled]) {
      for (const uniqueid of seen) if (!present.has(uniqueid)) seen.delete(uniqueid);
    }
    for (const call of calls) {
      if (call.direction !== 'inbound') continue;
      if (call.state === 'ringing' || call.state === 'queued') this.rang.add(call.uniqueid);
      else if (
        call.state === 'connected' &&
        this.rang.has(call.uniqueid) &&
        !this.handled.has(call.uniqueid)
      ) {
        this.handled.add(call.uniqueid);
        if (this.deps.enabled()) void this.open(call);
      }
    }
  }

  private async open(call: CallView): Promise<void> {
    const match = call.remote.match;
    const personId = match?.kind === 'person' ? match.id : null;
    try {
      const link = await this.deps.links.link(call.uniqueid, personId, true);
      if (link.status === 'refused') this.deps.logger.warn(`CRM link not opened: ${link.problem}`);
    } catch (error) {
      this.deps.logger.warn(`CRM link not opened: ${errorMessage(error)}`);
    }
  }
}
