// scratch: where does the sync hold the event loop up?
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUndiciFetch, PbxClient } from '../../../src-main/api';
import { DirectoryCache, DirectorySync, openCache } from '../../../src-main/cache';
import { silentLogger } from '../../../src-main/shared/logger';
import { sourceDetailWriter } from '../../support/detailWriter';
import { startDemoPbxProcess } from './demoPbxChild';

const pbx = await startDemoPbxProcess({
  persons: Number(process.env.P ?? 30000),
  minPhonesPerPerson: 2,
  staff: 2000,
});
const dir = mkdtempSync(join(tmpdir(), 'holdups-'));
const transport = createUndiciFetch();
const client = new PbxClient({
  baseUrl: pbx.ready.baseUrl,
  clientId: pbx.ready.credentials.clientId,
  clientSecret: pbx.ready.credentials.clientSecret,
  fetch: transport.fetch,
  logger: silentLogger,
  clock: { now: () => Date.now() },
});
const database = openCache(join(dir, 'd.sqlite'), { logger: silentLogger });
const directory = new DirectoryCache(database, { numbering: { defaultCountry: 'CZ' }, logger: silentLogger });
const sync = new DirectorySync(directory, client, {
  logger: silentLogger,
  clock: { now: () => Date.now() },
  detailWriter: sourceDetailWriter,
});
let phase = 'start';
let last = performance.now();
let lastCpu = process.threadCpuUsage();
const timer = setInterval(() => {
  const now = performance.now();
  const cpu = process.threadCpuUsage();
  const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
  if (cpuMs > 20)
    console.log(`holdup ${(now - last).toFixed(0)} ms wall ${cpuMs.toFixed(0)} ms cpu in/after ${phase}`);
  last = now;
  lastCpu = cpu;
}, 1);
await sync.run({
  onProgress: ({ phase: p, done, total }) => {
    if (p !== phase) console.log(`phase ${p} at ${performance.now().toFixed(0)}`);
    phase = `${p} ${done}/${total}`;
  },
});
clearInterval(timer);
database.close();
await transport.close();
pbx.stop();
