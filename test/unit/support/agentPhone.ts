/**
 * The demo agent's phone as tests of the history drive it: calls rung through the demo PBX's control
 * interface (/_sim), answered through AppCore, and seen through AppCore's events.
 */
import { expect, vi } from 'vitest';
import type { AppCore } from '../../../src-main/app/appCore';
import type { DemoPbx } from '../../../src-main/demo-pbx';
import type { TestClient } from '../../conformance/helpers';
import type { EventLog } from './eventLog';

export interface AgentPhoneScene {
  core: AppCore;
  pbx: DemoPbx;
  sim: TestClient;
  events: EventLog;
}

const wait = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 8000, interval: 25 });

export class AgentPhone {
  /** `scene` is read at each call: a test may restart its core or PBX between calls. */
  constructor(private readonly scene: () => AgentPhoneScene) {}

  /** The call's state as the Calls screen last heard it. */
  state(uniqueid: string): string | undefined {
    return this.scene()
      .events.of('calls:changed')
      .at(-1)
      ?.find((call) => call.uniqueid === uniqueid)?.state;
  }

  /** Rings the agent's phone from `number` (through a queue when given); the call's uniqueid. */
  async ring(number: string, queueId?: number): Promise<string> {
    const { pbx, sim } = this.scene();
    const response = await sim.post('/_sim/calls/inbound', {
      to: pbx.agent.phone,
      from: number,
      ...(queueId === undefined ? {} : { queue_id: queueId }),
    });
    expect(response.body.success).toBe(true);
    return response.body.data.uniqueid as string;
  }

  /** An inbound call the agent answers and the caller then ends; resolves once Ringside saw the end. */
  async answeredCall(number: string): Promise<string> {
    const uniqueid = await this.ring(number);
    await wait(() => expect(this.state(uniqueid)).toBe('ringing'));
    const { core, pbx, sim, events } = this.scene();
    await core.commands['calls:control']({ uniqueid, action: 'answer' });
    await wait(() => expect(this.state(uniqueid)).toBe('connected'));
    pbx.sim.advance(20); // twenty seconds of talk
    await sim.post(`/_sim/calls/${uniqueid}/hangup`);
    await events.waitFor('call:ended', (event) => event.uniqueid === uniqueid);
    return uniqueid;
  }
}
