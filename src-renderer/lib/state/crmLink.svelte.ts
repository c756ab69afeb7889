/**
 * "Open in CRM" for one ongoing call: whether the team (or Settings) gives it a link, and opening it. The
 * desktop app opens it in the OS browser from the main process; the browser host's page opens a new tab
 * itself, in the click's own turn so the browser does not take it for a popup.
 */
import type { CrmLink } from '../../../src-main/shared/contract';
import { describeError, type ErrorDescription } from '../errors';
import { t } from '../i18n.svelte';
import { openInNewTab } from '../openInNewTab';
import { isBrowserHost } from '../transport/appHost';
import { invoke } from '../ringside';

export class CrmLinkState {
  link = $state.raw<CrmLink | null>(null);
  error = $state.raw<ErrorDescription | string | null>(null);
  opening = $state(false);

  constructor(
    private readonly uniqueid: string,
    private readonly personId: number | null,
  ) {}

  /** Whether the call has a link: a failed read shows no button (the agent asked for nothing yet). */
  async read(): Promise<void> {
    try {
      this.link = await invoke('crm:link', { uniqueid: this.uniqueid, personId: this.personId, open: false });
    } catch {
      this.link = null;
    }
  }

  async open(): Promise<void> {
    const link = this.link;
    this.error = null;
    if (link?.status !== 'ready' || this.opening) return;
    if (isBrowserHost()) {
      if (!openInNewTab(link.url)) this.error = t('context.crmUnsafeLink');
      return;
    }
    this.opening = true;
    try {
      const opened = await invoke('crm:link', {
        uniqueid: this.uniqueid,
        personId: this.personId,
        open: true,
      });
      if (opened.status === 'refused') this.error = opened.problem;
    } catch (error) {
      this.error = describeError(error);
    } finally {
      this.opening = false;
    }
  }
}
