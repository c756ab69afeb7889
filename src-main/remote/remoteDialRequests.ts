/**
 * A number from a link or the global shortcut, on a desktop that is a team server's client: asked before
 * dialling as AppCore asks (calls/dial/dialService.ts `request`), with the server reading the number
 * (`dial:resolve`) and holding the agent's "Ask before dialling" (`settings:get`). The confirmation window's
 * `calls:dial` names the request it confirms; only the pending request's own number is dialled, once, and
 * it goes to the server as a plain dial (the server keeps no request of this computer's). Offline, every
 * step fails at once, so nothing is queued.
 */
import type { DesktopHooks } from '../app/appCoreDeps';
import type {
  CallsDialArgs,
  CommandChannel,
  DialPreview,
  DialRequest,
  Events,
  IpcResult,
  SettingsView,
  UntrustedDialSource,
} from '../shared/contract';
import { t } from '../shared/i18n';

type DialRequestOutcome = Awaited<ReturnType<DesktopHooks['requestDial']>>;

export interface RemoteDialDeps {
  invoke(channel: CommandChannel, args: unknown): Promise<IpcResult<unknown>>;
  emit<E extends 'dial:requested' | 'dial:settled'>(channel: E, payload: Events[E]): void;
  newRequestId?: () => string;
}

export class RemoteDialRequests {
  #pending: { requestId: string; dial: string; source: UntrustedDialSource } | undefined;

  constructor(private readonly deps: RemoteDialDeps) {}

  async request(raw: string, source: UntrustedDialSource): Promise<DialRequestOutcome> {
    const resolved = await this.deps.invoke('dial:resolve', { raw });
    if (!resolved.ok) return { status: 'refused', reason: resolved.error.message };
    const preview = resolved.value as DialPreview;
    if (!preview.ok) return { status: 'refused', reason: preview.reason || t('control.dialNoNumber') };
    const view = await this.deps.invoke('settings:get', undefined);
    if (!view.ok) return { status: 'refused', reason: view.error.message };
    // An emergency, premium-rate or shared-cost number is asked about whatever the setting.
    if (!(view.value as SettingsView).settings.confirmBeforeDial && !preview.caution) {
      const dialled = await this.deps.invoke('calls:dial', { number: preview.dial, source });
      return dialled.ok
        ? { status: 'dialled', result: dialled.value as never }
        : { status: 'refused', reason: dialled.error.message };
    }
    const request: DialRequest = {
      requestId: (this.deps.newRequestId ?? (() => globalThis.crypto.randomUUID()))(),
      source,
      number: preview.number,
      dial: preview.dial,
      match: preview.matches[0] ?? null,
      matches: preview.matches,
      ...(preview.caution ? { caution: preview.caution } : {}),
      ...(preview.cautionCountry ? { cautionCountry: preview.cautionCountry } : {}),
    };
    this.#pending = { requestId: request.requestId, dial: request.dial, source };
    this.deps.emit('dial:requested', request);
    return { status: 'confirm', request };
  }

  /**
   * `calls:dial` as the server gets it: a confirmation's must name the pending request, for its own number
   * and source; the request is used up (and comes back if the dial fails, so the confirmation can retry).
   */
  async dial(args: CallsDialArgs): Promise<IpcResult<unknown>> {
    const { requestId, ...plain } = args;
    if (requestId === undefined) return this.deps.invoke('calls:dial', plain);
    const confirmed = this.#pending;
    if (
      confirmed?.requestId !== requestId ||
      confirmed.dial !== args.number ||
      confirmed.source !== args.source
    ) {
      return { ok: false, error: { code: 'invalid-argument', message: t('control.dialConfirmationStale') } };
    }
    this.#pending = undefined;
    this.deps.emit('dial:settled', { requestId });
    const result = await this.deps.invoke('calls:dial', plain);
    if (!result.ok) this.#pending ??= confirmed;
    return result;
  }
}
