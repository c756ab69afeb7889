/**
 * The wrap-up panel: the dispositions (the PBX's shared data item `ringside.dispositions`, else a built-in
 * list), what the agent saved, the pending save, and the call's metadata. A save goes to SQLite first (the
 * wrap-up and its outbox entry in one transaction, the note into the search index), and the outbox writes it
 * to the PBX in the background.
 *
 * Without a known agent (no agent username in Settings) the call's metadata is read-only: no permissions can
 * be asked for, so nothing may be changed. The panel shows the values with the reason, metadata edits are
 * refused, and a wrap-up is kept on this computer only (its disposition and note are metadata on the PBX too).
 */
import { z } from 'zod';
import type { CallMetadataApi, CallPermissionsApi } from '../../api/endpoints/calls';
import type { SharedDataApi } from '../../api/endpoints/misc';
import type {
  CacheDatabase,
  HistoryTextIndex,
  ReviewRecordStore,
  WrapUpDraftStore,
  WrapUpStore,
} from '../../cache';
import {
  WRAP_UP_KEYS,
  type Disposition,
  type ReviewMetadata,
  type ReviewPart,
  type SavedWrapUp,
  type WrapUp,
  type WrapUpSaveArgs,
  type WrapUpSaveResult,
} from '../../shared/contract';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { t } from '../../shared/i18n';
import { errorMessage } from '../../shared/contract';
import { CallsError } from '../errors';
import { publicEntry } from './wrapUpOutbox';
import { cssColour } from './buildReview';

export interface WrapUpClient {
  shared: Pick<SharedDataApi, 'get'>;
  metadata: Pick<CallMetadataApi, 'get'>;
  permissions: Pick<CallPermissionsApi, 'byUsername'>;
}

export const DISPOSITIONS_ITEM = 'ringside.dispositions';

/**
 * When the PBX has no `ringside.dispositions`: what most contact centres start with, worded each time it is
 * asked for (the code is what is saved on the call, so the label may follow the language in use).
 */
export function defaultDispositions(): Disposition[] {
  return [
    { code: 'resolved', label: t('control.dispositionResolved'), color: '#16a34a' },
    { code: 'information', label: t('control.dispositionInformation'), color: '#2563eb' },
    { code: 'callback', label: t('control.dispositionCallback'), color: '#d97706' },
    { code: 'escalated', label: t('control.dispositionEscalated'), color: '#dc2626' },
    { code: 'complaint', label: t('control.dispositionComplaint'), color: '#9333ea' },
    { code: 'sale', label: t('control.dispositionSale'), color: '#0891b2' },
    { code: 'wrong-number', label: t('control.dispositionWrongNumber'), color: '#6b7280' },
  ];
}

/** `data` of the shared item: `{ dispositions: [{ code, label, color? }] }` (a bare string is code and label). */
const DispositionsData = z.object({
  dispositions: z
    .array(
      z.union([
        z
          .string()
          .trim()
          .min(1)
          .max(64)
          .transform((code) => ({ code, label: code, color: null })),
        z.object({
          code: z.string().trim().min(1).max(64),
          label: z.string().trim().min(1).max(200),
          color: z.unknown().optional(),
        }),
      ]),
    )
    .min(1)
    .max(200),
});

/** Why the metadata is read-only without a known agent (the panel shows it; a refused edit says it). */
const noAgentMetadata = () => t('control.wrapUpNoAgentMetadata');

/** Network reads behind the panel are a nicety: they must not keep it from opening. */
const PANEL_TIMEOUT_MS = 3_000;
/** How long a dispositions list read from the PBX is used before it is read again. */
const DISPOSITIONS_FRESH_MS = 5 * 60_000;
const CACHED_DISPOSITIONS_KEY = 'history.dispositions';

export interface WrapUpServiceDeps {
  database: CacheDatabase;
  store: WrapUpStore;
  drafts: WrapUpDraftStore;
  reviews: ReviewRecordStore;
  text: HistoryTextIndex;
  client(): WrapUpClient | undefined;
  /** Whether the PBX answers now (no point waiting for timeouts when it is offline). */
  online(): boolean;
  agent(): string | undefined;
  clock: Clock;
  logger: Logger;
}

interface DispositionList {
  list: Disposition[];
  source: WrapUp['dispositionsSource'];
}

export class WrapUpService {
  private dispositionsRead: { list: DispositionList; at: number } | undefined;

  constructor(private readonly deps: WrapUpServiceDeps) {}

  async get(uniqueid: string): Promise<Omit<WrapUp, 'call'>> {
    const client = this.deps.online() ? this.deps.client() : undefined;
    const [dispositions, metadata] = await Promise.all([
      this.dispositions(client),
      this.metadata(uniqueid, client),
    ]);
    const entry = this.deps.store.entry(uniqueid);
    return {
      uniqueid,
      dispositions: dispositions.list,
      dispositionsSource: dispositions.source,
      saved: this.deps.store.wrapUp(uniqueid),
      pending: entry ? publicEntry(entry) : null,
      metadata,
      draft: this.deps.drafts.get(uniqueid)?.draft ?? null,
    };
  }

  /** Stores the wrap-up and queues its metadata for the PBX; the caller starts the outbox. */
  save(args: WrapUpSaveArgs): WrapUpSaveResult {
    const { uniqueid, disposition, note, followUp } = args;
    const saved = this.deps.store.wrapUp(uniqueid);
    this.checkDisposition(disposition, saved);
    const agent = this.deps.agent();
    if (!agent) return this.saveLocally(args);
    const changes: Record<string, unknown> = {
      ...args.metadata,
      [WRAP_UP_KEYS.disposition]: disposition,
      [WRAP_UP_KEYS.note]: note === '' ? null : note,
      [WRAP_UP_KEYS.followUp]: followUp ? true : null,
      ...(agent ? { [WRAP_UP_KEYS.agent]: agent } : {}),
    };
    const now = this.deps.clock.now();
    const entry = this.deps.database.write(() => {
      const stored = this.deps.store.save(uniqueid, { disposition, note, followUp }, changes, now);
      this.deps.text.replace(uniqueid, 'note', [{ channel: null, segment: null, begin: null, text: note }]);
      this.deps.drafts.remove(uniqueid);
      return stored;
    });
    return { saved: this.deps.store.wrapUp(uniqueid)!, pending: publicEntry(entry) };
  }

  /**
   * Without a known agent: the wrap-up is stored and its note indexed, and nothing is queued for the PBX. An
   * entry queued earlier (while an agent was known) is left as it was.
   */
  private saveLocally(args: WrapUpSaveArgs): WrapUpSaveResult {
    const { uniqueid, disposition, note, followUp } = args;
    if (Object.keys(args.metadata ?? {}).length > 0)
      throw new CallsError('not-configured', noAgentMetadata());
    const { database, store, text } = this.deps;
    const pending = database.write(() => {
      const earlier = store.entry(uniqueid);
      store.save(uniqueid, { disposition, note, followUp }, {}, this.deps.clock.now());
      if (earlier) {
        const { state, attempts, message, nextAttemptAt } = earlier;
        store.setState(uniqueid, state, { attempts, message, nextAttemptAt });
      } else {
        store.discard(uniqueid);
      }
      text.replace(uniqueid, 'note', [{ channel: null, segment: null, begin: null, text: note }]);
      this.deps.drafts.remove(uniqueid);
      return store.entry(uniqueid);
    });
    return { saved: store.wrapUp(uniqueid)!, pending: pending ? publicEntry(pending) : null };
  }

  private checkDisposition(code: string | null, saved: SavedWrapUp | null): void {
    if (code === null || code === saved?.disposition) return;
    const { list } = this.knownDispositions();
    if (list.some((item) => item.code === code)) return;
    throw new CallsError(
      'invalid-argument',
      t('control.dispositionUnknown', { code, codes: list.map((item) => item.code).join(', ') }),
    );
  }

  /** The list without asking the PBX: the last one it gave, else the built-in one. */
  private knownDispositions(): DispositionList {
    if (this.dispositionsRead) return this.dispositionsRead.list;
    const cached = this.deps.store.setting<Disposition[]>(CACHED_DISPOSITIONS_KEY);
    return cached ? { list: cached, source: 'pbx' } : { list: defaultDispositions(), source: 'default' };
  }

  private async dispositions(client: WrapUpClient | undefined): Promise<DispositionList> {
    const now = this.deps.clock.now();
    const read = this.dispositionsRead;
    if (!client || (read && now - read.at < DISPOSITIONS_FRESH_MS)) return this.knownDispositions();
    let list: DispositionList;
    try {
      const item = await client.shared.get(DISPOSITIONS_ITEM, { timeoutMs: PANEL_TIMEOUT_MS });
      const parsed = DispositionsData.safeParse(item.data);
      if (!parsed.success) {
        this.deps.logger.warn(
          `shared data ${DISPOSITIONS_ITEM} is not a dispositions list; using the defaults`,
        );
        list = { list: defaultDispositions(), source: 'default' };
      } else {
        list = { list: uniqueCodes(parsed.data.dispositions), source: 'pbx' };
        this.deps.store.saveSetting(CACHED_DISPOSITIONS_KEY, list.list);
      }
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'not-found') return this.knownDispositions();
      list = { list: defaultDispositions(), source: 'default' };
    }
    this.dispositionsRead = { list, at: now };
    return list;
  }

  private async metadata(uniqueid: string, client: WrapUpClient | undefined): Promise<WrapUp['metadata']> {
    const agent = this.deps.agent();
    if (!agent) return this.readOnlyMetadata(uniqueid, client);
    // Asked first: metadata the agent may not see is not read, so it is never stored either.
    const permitted = await this.metadataPermitted(uniqueid, agent, client);
    if (permitted === false) return { status: 'not-permitted' };
    if (permitted === null) {
      return unavailable(t('control.wrapUpPermissionUnknown'));
    }
    const live = client ? await this.readMetadata(uniqueid, client) : null;
    return this.shownMetadata(uniqueid, live);
  }

  /** Without a known agent: the values as read (or last known), never editable, with the reason. */
  private async readOnlyMetadata(
    uniqueid: string,
    client: WrapUpClient | undefined,
  ): Promise<WrapUp['metadata']> {
    const live = client ? await this.readMetadata(uniqueid, client) : null;
    const shown = this.shownMetadata(uniqueid, live);
    if (shown.status !== 'shown') return shown;
    return { status: 'shown', value: { ...shown.value, readOnlyReason: noAgentMetadata() } };
  }

  /**
   * The review's metadata: the copy read or written by the wrap-up when it is newer than the record's, with
   * the pending save applied, and the saved disposition's label.
   */
  reviewMetadata(
    uniqueid: string,
    recordValues: Record<string, unknown>,
    recordAt: number | null,
  ): ReviewMetadata {
    const read = this.deps.store.metadata(uniqueid);
    const known = read && (recordAt === null || read.fetchedAt >= recordAt) ? read.values : recordValues;
    const values = applyChanges(known, this.deps.store.entry(uniqueid)?.changes ?? {});
    const code = values[WRAP_UP_KEYS.disposition];
    const label = this.knownDispositions().list.find((item) => item.code === code)?.label ?? null;
    return { values, dispositionLabel: label };
  }

  /** The values read now, else the last known copy, with the pending changes applied. */
  private shownMetadata(uniqueid: string, live: Record<string, unknown> | null): WrapUp['metadata'] {
    const known = live ?? this.deps.store.metadata(uniqueid)?.values ?? this.reviewedMetadata(uniqueid);
    if (!known) return unavailable(t('control.wrapUpMetadataUnread'));
    const pending = this.deps.store.entry(uniqueid)?.changes ?? {};
    return { status: 'shown', value: { values: applyChanges(known, pending), stale: live === null } };
  }

  /** The metadata of the stored record, when it was permitted (a denied part is stored empty). */
  private reviewedMetadata(uniqueid: string): Record<string, unknown> | undefined {
    const stored = this.deps.reviews.get(uniqueid);
    return stored?.permissions?.metadata ? stored.record?.metadata : undefined;
  }

  /** true/false from the PBX (or the stored review's answer for this agent); null when unknown. */
  private async metadataPermitted(
    uniqueid: string,
    agent: string,
    client: WrapUpClient | undefined,
  ): Promise<boolean | null> {
    const stored = this.deps.reviews.get(uniqueid);
    if (stored?.permissions && stored.permissionsAgent === agent) return stored.permissions.metadata;
    if (!client) return null;
    try {
      return (await client.permissions.byUsername(uniqueid, agent, { timeoutMs: PANEL_TIMEOUT_MS })).metadata;
    } catch (error) {
      this.deps.logger.debug(`wrap-up ${uniqueid}: permissions not read: ${errorMessage(error)}`);
      return null;
    }
  }

  private async readMetadata(
    uniqueid: string,
    client: WrapUpClient,
  ): Promise<Record<string, unknown> | null> {
    try {
      const values = await client.metadata.get(uniqueid, { timeoutMs: PANEL_TIMEOUT_MS });
      this.deps.store.saveMetadata(uniqueid, values, this.deps.clock.now());
      return values;
    } catch (error) {
      this.deps.logger.debug(`wrap-up ${uniqueid}: metadata not read: ${errorMessage(error)}`);
      return null;
    }
  }
}

function unavailable(reason: string): ReviewPart<never> {
  return { status: 'unavailable', reason };
}

/** Differential changes on top of known values: a value sets its key, null deletes it. */
export function applyChanges(
  values: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const merged = new Map(Object.entries(values));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) merged.delete(key);
    else merged.set(key, value);
  }
  return Object.fromEntries(merged);
}

function uniqueCodes(items: { code: string; label: string; color?: unknown }[]): Disposition[] {
  const seen = new Set<string>();
  return items.flatMap((item) => {
    if (seen.has(item.code)) return [];
    seen.add(item.code);
    return [{ code: item.code, label: item.label, color: cssColour(item.color) }];
  });
}
