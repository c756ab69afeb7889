import { describe, expect, it, vi } from 'vitest';
import type { PhoneSelector } from '../../../src-main/api/schemas';
import { CallsService, MemoryRecentNumbersStore, type CallsClient } from '../../../src-main/calls';
import type { EventChannel } from '../../../src-main/shared/contract';
import { ScriptedCallSource, callItem, spyLogger } from './fixtures';

function service(phone: PhoneSelector | null, client: CallsClient | undefined) {
  const emitted: EventChannel[] = [];
  const calls = new CallsService({
    client: () => client,
    agent: () => ({ username: 'agent', phone }),
    settings: () => ({ pollIntervalMs: 1000, confirmBeforeDial: true, dialCountries: [] }),
    defaultCountry: () => 'CZ',
    directory: () => undefined,
    recents: new MemoryRecentNumbersStore(),
    emit: (channel) => emitted.push(channel),
    clock: { now: () => Date.now() },
    logger: spyLogger(),
  });
  return { calls, emitted };
}

function fakeClient(source: ScriptedCallSource): CallsClient {
  return {
    urls: { baseUrl: 'https://pbx.example.com/api/v1.0' },
    listCalls: (selector, options) => source.listCalls(selector, options),
    placeCall: vi.fn(async () => 'ok'),
    controlCall: vi.fn(async () => 'ok'),
    hangUp: vi.fn(async () => 'ok'),
    persons: { get: vi.fn(() => new Promise<never>(() => {})) },
  };
}

describe('CallsService', () => {
  it('does not poll and refuses to dial until a phone is chosen', async () => {
    const source = new ScriptedCallSource();
    const { calls } = service(null, fakeClient(source));
    calls.reconfigure();
    expect(source.requests).toEqual([]);
    await expect(calls.dial({ number: '201', source: 'dialpad' })).rejects.toMatchObject({
      code: 'not-configured',
      message: expect.stringContaining('Choose it in Settings'),
    });
  });

  it('refuses to dial without a PBX', async () => {
    const { calls } = service({ identifier: 'agent-phone' }, undefined);
    await expect(calls.dial({ number: '201', source: 'dialpad' })).rejects.toMatchObject({
      code: 'not-configured',
    });
  });

  it('pops a card for a ringing inbound call and forgets the calls when the monitor stops', async () => {
    const source = new ScriptedCallSource([
      [callItem({ uniqueid: '1.1', state: 'ringing', number: '+420601000000' })],
    ]);
    const { calls, emitted } = service({ identifier: 'agent-phone' }, fakeClient(source));
    calls.reconfigure();
    await vi.waitFor(() => expect(emitted).toEqual(['calls:changed', 'screenpop:show']));
    expect(calls.list()).toMatchObject([
      { uniqueid: '1.1', direction: 'inbound', createdAt: expect.any(Number) },
    ]);
    calls.reconfigure(); // nothing changed: the same monitor keeps running
    expect(source.requests).toHaveLength(1);
    calls.dispose();
    expect(calls.list()).toEqual([]);
    expect(emitted.at(-1)).toBe('calls:changed');
  });
});
