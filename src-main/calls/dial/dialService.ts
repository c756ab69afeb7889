/**
 * The one dial path. Every surface (dial pad, directory, history, tray, `tel:` links, the shortcut) ends in
 * `dial()`: the text is read by the rules of its source (readDial.ts: the dial model) with the configured
 * default country, sent to the PBX as `to` in the JSON body of POST /call (never in a URL, a header or a
 * command line), and remembered among the recent numbers. Links and the shortcut carry text from outside
 * the app, so `request()` asks the user first (`dial:requested`) unless the user turned that off, and
 * always for an emergency, premium-rate or shared-cost number (shared/dialCaution.ts).
 */
import type { CallsApi } from '../../api/endpoints/calls';
import type { PhoneSelector } from '../../api/schemas';
import type {
  CallsDialArgs,
  DialPreview,
  DialRequest,
  DialResult,
  DialSource,
  NumberMatch,
  RecentNumber,
  UntrustedDialSource,
} from '../../shared/contract';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { t } from '../../shared/i18n';
import type { CallerLookup, ReadNumber } from '../callerLookup';
import { CallsError } from '../errors';
import { dialRulesOf, readDial, type DialReading, type DialRefusal, type DialRules } from './readDial';
import type { RecentNumbers } from './recentNumbers';

/** The one method of the PBX client dialling needs. */
export type PlaceCallClient = Pick<CallsApi, 'placeCall'>;

export type DialRequestOutcome =
  | { status: 'confirm'; request: DialRequest }
  | { status: 'dialled'; result: DialResult }
  | { status: 'refused'; reason: string };

export interface DialServiceDeps {
  lookup: CallerLookup;
  recents: RecentNumbers;
  /** The client and phone now, or a CallsError saying what is missing. */
  connection(): { client: PlaceCallClient; selector: PhoneSelector };
  confirmBeforeDial(): boolean;
  /** Countries dialled without asking besides the default one (the `dialCountries` setting). */
  dialCountries?(): readonly string[];
  /** Emits `dial:requested`. */
  requestConfirmation(request: DialRequest): void;
  /** Emits `dial:settled`: a confirmation dialled its request, so any other confirmation of it closes. */
  confirmationSettled?(requestId: string): void;
  /** After the PBX accepted a call: poll now, so the outbound call shows without waiting. */
  afterDial(): void;
  clock: Clock;
  logger: Logger;
  newRequestId?: () => string;
}

/** The confirmation waiting for the user: only its own number may be dialled in its name, once. */
interface PendingRequest {
  requestId: string;
  dial: string;
  source: UntrustedDialSource;
}

export class DialService {
  private readonly inFlight = new Map<string, Promise<DialResult>>();
  /**
   * Only the newest request: a new one replaces the open confirmation window, so an older request has no
   * window left to confirm it.
   */
  private pending: PendingRequest | undefined;

  constructor(private readonly deps: DialServiceDeps) {}

  /** The dial pad's preview: what would be dialled and whose number it is. Never touches the network. */
  resolve(raw: string): DialPreview {
    const reading = this.read(raw, 'dialpad');
    if (!reading.ok) return reading;
    const matches = this.matchesOf(reading);
    return {
      ok: true,
      number: viewOf(reading.number),
      dial: reading.number.dial,
      matches,
      ...cautionOf(reading),
    };
  }

  private read(raw: string, rules: DialRules): DialReading | DialRefusal {
    const country = this.deps.lookup.defaultCountry();
    return readDial(raw, rules, country, [country, ...(this.deps.dialCountries?.() ?? [])]);
  }

  /** The directory's owners of a number; a feature code belongs to no one. */
  private matchesOf({ number, featureCode }: DialReading): NumberMatch[] {
    return featureCode ? [] : this.deps.lookup.matches(number);
  }

  /**
   * Places the call. The same number again while its request is on its way gets that request's promise. With
   * a `requestId` (the confirmation window's dial) it must be the pending request, for its own number; the
   * request is used up, and comes back only if the dial fails (so the confirmation can try again).
   */
  dial({ number: raw, data, source, requestId }: CallsDialArgs): Promise<DialResult> {
    const reading = this.read(raw, dialRulesOf(source));
    if (!reading.ok) {
      return Promise.reject(
        new CallsError('invalid-argument', reading.reason || t('control.dialEnterNumber')),
      );
    }
    const { number } = reading;
    if (requestId === undefined) return this.place(number, number.dial, source, data);
    const confirmed = this.pending;
    if (confirmed?.requestId !== requestId || confirmed.dial !== number.dial || confirmed.source !== source) {
      this.deps.logger.warn('dial refused: it names no pending confirmation for this number');
      return Promise.reject(new CallsError('invalid-argument', t('control.dialConfirmationStale')));
    }
    this.pending = undefined;
    this.deps.confirmationSettled?.(requestId);
    return this.place(number, number.dial, source, data).catch((error: unknown) => {
      this.pending ??= confirmed;
      throw error;
    });
  }

  private place(
    number: ReadNumber,
    dial: string,
    source: DialSource,
    data: CallsDialArgs['data'],
  ): Promise<DialResult> {
    const running = this.inFlight.get(dial);
    if (running) return running;
    let connection;
    try {
      connection = this.deps.connection();
    } catch (error) {
      return Promise.reject(error);
    }
    const promise = connection.client
      .placeCall(connection.selector, dial, data)
      .then((message) => {
        this.deps.recents.add({ dial, display: number.display, at: this.deps.clock.now(), source });
        this.deps.afterDial();
        return { dialled: dial, number: viewOf(number), message };
      })
      .finally(() => this.inFlight.delete(dial));
    this.inFlight.set(dial, promise);
    return promise;
  }

  /**
   * A number from a link (already parsed; see shared/tel.ts) or the shortcut. With confirmation on (the
   * default), and always for an emergency, premium-rate or shared-cost number, it emits `dial:requested`
   * and the confirmation calls `calls:dial`; otherwise it dials.
   */
  async request(raw: string, source: UntrustedDialSource): Promise<DialRequestOutcome> {
    const reading = this.read(raw, dialRulesOf(source));
    if (!reading.ok) return { status: 'refused', reason: reading.reason || t('control.dialNoNumber') };
    const { number, caution } = reading;
    if (!this.deps.confirmBeforeDial() && !caution) {
      return { status: 'dialled', result: await this.place(number, number.dial, source, undefined) };
    }
    const matches = this.matchesOf(reading);
    const request: DialRequest = {
      requestId: (this.deps.newRequestId ?? (() => globalThis.crypto.randomUUID()))(),
      source,
      number: viewOf(number),
      dial: number.dial,
      match: matches[0] ?? null,
      matches,
      ...cautionOf(reading),
    };
    this.pending = { requestId: request.requestId, dial: request.dial, source };
    this.deps.requestConfirmation(request);
    return { status: 'confirm', request };
  }

  /** Newest first, with the directory's name for each number now. */
  recent(): RecentNumber[] {
    return this.deps.recents.list().map((recent) => ({
      dial: recent.dial,
      display: recent.display,
      name: this.deps.lookup.bestMatch(recent.dial)?.name ?? null,
      lastDialledAt: recent.at,
      source: recent.source,
    }));
  }
}

function viewOf(number: ReadNumber): DialResult['number'] {
  const { display, e164, internal, extension } = number;
  return {
    display,
    ...(e164 ? { e164 } : {}),
    ...(internal ? { internal } : {}),
    ...(extension ? { extension } : {}),
  };
}

/** Why a link or the shortcut always asks about this number, for the preview and the confirmation. */
function cautionOf(reading: DialReading): Pick<DialRequest, 'caution' | 'cautionCountry'> {
  if (!reading.caution) return {};
  return {
    caution: reading.caution,
    ...(reading.cautionCountry ? { cautionCountry: reading.cautionCountry } : {}),
  };
}
