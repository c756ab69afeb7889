import { afterAll, describe, expect, it } from 'vitest';
import { startDemoPbx } from '../../../src-main/demo-pbx';
import { demoIvrData } from '../../../src-main/demo-pbx/calls/ivrData';
import { demoPbxApi } from '../../support/demoPbxApi';

describe("the demo PBX's IVR data", { timeout: 60_000 }, () => {
  const pbxStarted = startDemoPbx({ persons: 10, seed: 5, ringEverySeconds: 0 });
  afterAll(async () => (await pbxStarted).close());

  it('attaches the data a test names, and the IVR’s own to queue calls', async () => {
    const pbx = await pbxStarted;
    const api = demoPbxApi(pbx);
    const named = (await api('POST', '/_sim/calls/inbound', {
      to: pbx.agent.phone,
      from: '+420601000111',
      data: { customer_id: 'C-1', reason: 'billing' },
    })) as { uniqueid: string };
    expect(await api('GET', `/metadata/${named.uniqueid}`)).toEqual({
      customer_id: 'C-1',
      reason: 'billing',
    });

    const direct = (await api('POST', '/_sim/calls/inbound', {
      to: pbx.agent.phone,
      from: '+420601000112',
    })) as { uniqueid: string };
    expect(await api('GET', `/metadata/${direct.uniqueid}`)).toEqual({});

    const queued = (await api('POST', '/_sim/calls/inbound', {
      to: pbx.agent.phone,
      from: '+420601000113',
      queue_id: 2,
    })) as { uniqueid: string };
    expect(await api('GET', `/metadata/${queued.uniqueid}`)).toEqual(demoIvrData(queued.uniqueid));
  });
});
