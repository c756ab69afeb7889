/**
 * Keeps the cache in step with the PBX, which can neither search by number nor list changes since a time.
 *
 * Small collections (groups, roles, teams, queues, extensions) are replaced whole. Users, companies and
 * persons are read from their lists (persons and companies in pages of 500): an id the cache lacks is new,
 * a list item whose fields differ is changed, an id the complete list lacks is deleted (listPhase.ts).
 * Details are fetched only for new and changed records plus a rolling refresh of the least recently
 * fetched ones (list items do not show contact changes), at bounded concurrency (detailsPhase.ts). Writes
 * go in short transactions that carry the sync's own progress with them, so after a crash the next run
 * resumes where this one stopped. Cancellable through an AbortSignal; yields to the event loop between
 * transactions, so the call monitor keeps polling.
 */
import type { DirectoryCache } from '../directory/directoryCache';
import { detailsPhase } from './detailsPhase';
import type { DetailWriter } from './detailWriter';
import { inlineDetailWriter } from './detailWriter';
import type { DirectorySource } from './directorySource';
import { listPhase } from './listPhase';
import type { RecordCollection } from './recordCollections';
import { recordCollections } from './recordCollections';
import type { SyncReport, SyncRunOptions } from './syncRun';
import { SyncRun } from './syncRun';
import type { DirectorySyncOptions, SyncSettings } from './syncSettings';
import { syncSettings } from './syncSettings';

export class DirectorySync {
  private running: Promise<SyncReport> | null = null;
  private readonly settings: SyncSettings;

  constructor(
    private readonly cache: DirectoryCache,
    private readonly source: DirectorySource,
    options: DirectorySyncOptions,
  ) {
    this.settings = syncSettings(options);
  }

  /** Runs a sync; while one runs, further calls share it (and its progress goes to the first caller). */
  run(options: SyncRunOptions = {}): Promise<SyncReport> {
    this.running ??= this.runOnce(options).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  get isRunning(): boolean {
    return this.running !== null;
  }

  private async runOnce({ signal, ...listeners }: SyncRunOptions): Promise<SyncReport> {
    const { clock, logger } = this.settings;
    const started = clock.now();
    const run = new SyncRun(this.cache, this.settings, signal, listeners);
    // Each record set aside last time is tried again; those that still cannot be stored are noted anew.
    this.cache.write(() => this.cache.ledger.clearSetAside());
    if (this.cache.numberIndexOutdated) await this.cache.reindexNumbers(signal);
    const writer = (this.settings.detailWriter ?? inlineDetailWriter)(this.cache);
    try {
      await this.syncAll(run, writer);
    } finally {
      await writer.close();
    }
    const report = {
      durationMs: clock.now() - started,
      collections: run.reports,
      quarantined: run.quarantined,
      listsWithoutTotal: [...run.listsWithoutTotal],
    };
    logger.info(`Directory sync finished in ${report.durationMs} ms`, run.summary());
    return report;
  }

  private async syncAll(run: SyncRun, writer: DetailWriter): Promise<void> {
    const { source } = this;
    const { collections } = this.cache.store;
    const call = { signal: run.signal };
    await run.whole(
      'groups',
      () => source.groups(call),
      (items) => collections.replaceGroups(items),
    );
    await run.whole(
      'roles',
      () => source.roles(call),
      (items) => collections.replaceRoles(items),
    );
    await run.whole(
      'teams',
      () => source.teams(call),
      (items) => collections.replaceTeams(items),
    );
    await run.whole(
      'queues',
      () => source.queues(call),
      (items) => collections.replaceQueues(items),
    );
    await run.wholeInSlices(
      'extensions',
      () => source.extensions(undefined, call),
      (items) => collections.extensionChanges(items),
    );
    const records = recordCollections(source, this.cache.store);
    await this.records(run, writer, records.users);
    await this.records(run, writer, records.companies);
    await this.records(run, writer, records.persons);
  }

  /** One pass over a detailed collection, resuming an unfinished pass if there is one. */
  private async records<L extends { id: number }, D>(
    run: SyncRun,
    writer: DetailWriter,
    collection: RecordCollection<L, D>,
  ): Promise<void> {
    const { ledger } = this.cache;
    const { clock } = this.settings;
    let pass = ledger.pass(collection.name);
    if (!pass || pass.phase === 'done') {
      pass = this.cache.write(() => ledger.beginPass(collection.name, clock.now()));
    }
    if (pass.phase === 'list') await listPhase(run, collection, pass);
    await detailsPhase(run, writer, collection);
    this.cache.write(() => ledger.setPhase(collection.name, 'done', clock.now()));
  }
}
