/**
 * The AppCore as the app composes it (composeAppCore: settings, directory cache and history files in a user
 * data directory, the sync's writer and the integrity check in worker threads), run in a child process
 * against a demo PBX the test runs, taking orders over IPC. The test kills it with SIGKILL mid-work and
 * starts it again on the same directory (coreProcessHandle.ts).
 *
 * Started as `node --import tsx coreProcess.ts` with RINGSIDE_TEST_CORE: {userData, pbx} as JSON.
 */
import type { SyncStatus } from '../../../../src-main/shared/contract';
import { composeHeadlessCore } from '../../../support/testAppCore';
import type { CoreOrder, CoreReport, CoreProcessConfig } from './coreProcessProtocol';

const config = JSON.parse(process.env['RINGSIDE_TEST_CORE']!) as CoreProcessConfig;
const send = (report: CoreReport) => process.send!(report);

const { core } = await composeHeadlessCore({
  userData: config.userData,
  demoPbx: { start: async () => ({ ...config.pbx, close: async () => {} }) },
  detailWriterWorker: new URL('../../../../src-main/cache/sync/detailWriterWorker.ts', import.meta.url),
  integrityCheckWorker: new URL(
    '../../../../src-main/cache/database/integrityCheckWorker.ts',
    import.meta.url,
  ),
  managedPolicyFile: `${config.userData}/no-policy.json`,
});
core.subscribe((channel, payload) => {
  if (channel === 'sync:progress') send({ type: 'sync', status: payload as SyncStatus });
});

process.on('message', (order: CoreOrder) => void obey(order));

async function obey(order: CoreOrder): Promise<void> {
  if (order.type === 'save') {
    // One after the other, each acknowledged once the command has returned (the save is on disk then).
    for (const { uniqueid, note } of order.saves) {
      await core.commands['wrapup:save']({ uniqueid, disposition: null, note, followUp: false });
      send({ type: 'saved', uniqueid });
    }
    return;
  }
  if (order.type === 'draft') {
    const { uniqueid, note } = order;
    const draft = { disposition: null, note, followUp: false, metadata: {}, newKey: '', newValue: '' };
    await core.commands['wrapup:draft']({ uniqueid, draft });
    send({ type: 'drafted', uniqueid });
    return;
  }
  if (order.type === 'state') {
    const opened = core.caches.current;
    await Promise.all([opened?.database.integrityChecked, opened?.history?.integrityChecked]);
    const notes: Record<string, string | null> = {};
    for (const uniqueid of order.uniqueids) {
      notes[uniqueid] = (await core.commands['wrapup:get']({ uniqueid })).saved?.note ?? null;
    }
    const kept = await core.commands['wrapup:drafts']();
    send({
      type: 'state',
      notes,
      drafts: Object.fromEntries(kept.map(({ uniqueid, draft }) => [uniqueid, draft.note])),
      sync: core.directorySync.status(),
      damaged: { directory: opened?.database.damaged ?? null, history: opened?.history?.damaged ?? null },
      repair: await core.commands['history:repair'](),
    });
    return;
  }
  await core.dispose();
  process.exit(0);
}

await core.start();
send({ type: 'ready' });
