import { createUndiciFetch, PbxClient } from '../../../src-main/api';
import { silentLogger } from '../../../src-main/shared/logger';
import { startDemoPbxProcess } from './demoPbxChild';
const pbx = await startDemoPbxProcess({ persons: 100, minPhonesPerPerson: 2, staff: 2000 });
const transport = createUndiciFetch();
let fetchCpu = 0;
const timed: typeof transport.fetch = async (url, init) => {
  const r = await transport.fetch(url, init);
  return {
    ...r,
    text: async () => {
      const t0 = process.threadCpuUsage();
      const t = await r.text();
      const t1 = process.threadCpuUsage(t0);
      fetchCpu = (t1.user + t1.system) / 1000;
      return t;
    },
  };
};
const client = new PbxClient({
  baseUrl: pbx.ready.baseUrl,
  clientId: pbx.ready.credentials.clientId,
  clientSecret: pbx.ready.credentials.clientSecret,
  fetch: timed,
  logger: silentLogger,
  clock: { now: () => Date.now() },
});
for (let i = 0; i < 6; i++) {
  let max = 0;
  let last = process.threadCpuUsage();
  const timer = setInterval(() => {
    const c = process.threadCpuUsage();
    max = Math.max(max, (c.user - last.user + c.system - last.system) / 1000);
    last = c;
  }, 1);
  const w = performance.now();
  const items = await client.extensions();
  clearInterval(timer);
  console.log(
    `extensions ${items.length}: ${(performance.now() - w).toFixed(0)} ms wall, longest cpu stretch ${max.toFixed(1)} ms, text ${fetchCpu.toFixed(1)}`,
  );
}
const users = await client.users.list();
console.log('users', users.length);
await transport.close();
pbx.stop();
