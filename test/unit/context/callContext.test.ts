import { describe, expect, it, vi } from 'vitest';
import { CallContextReader } from '../../../src-main/calls/context/callContextReader';
import { demoIvrData } from '../../../src-main/demo-pbx/calls/ivrData';
import { callContextEntries, CONTEXT_FOLD_AT, parseContextKeys } from '../../../src-main/shared/callContext';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe('callContextEntries', () => {
  it('lists data then metadata as text, the first keys first, metadata replacing data of the same key', () => {
    const entries = callContextEntries(
      { reason: 'billing', customer_id: 'C-1', nested: { a: 1 } },
      { reason: 'billing (confirmed)', score: 3 },
      ['customer_id', 'missing', 'score', 'customer_id'],
    );
    expect(entries.map(({ key, value }) => [key, value])).toEqual([
      ['customer_id', 'C-1'],
      ['score', '3'],
      ['reason', 'billing (confirmed)'],
      ['nested', '{"a":1}'],
    ]);
  });

  it('folds a long value to its start and keeps the whole', () => {
    const long = 'x'.repeat(CONTEXT_FOLD_AT + 1);
    const [entry] = callContextEntries({ note: long }, null);
    expect(entry).toEqual({
      key: 'note',
      value: long,
      short: `${'x'.repeat(CONTEXT_FOLD_AT)}…`,
      folded: true,
    });
    expect(callContextEntries({ note: 'short' }, null)[0]!.folded).toBe(false);
  });

  it('reads the keys typed in Settings', () => {
    expect(parseContextKeys(' customer_id, reason,,reason , ')).toEqual(['customer_id', 'reason']);
  });
});

describe('CallContextReader', () => {
  function reader(metadataAllowed: boolean | Error, agent = 'agent') {
    const get = vi.fn(async () => ({ customer_id: 'C-9' }));
    const byUsername = vi.fn(async () => {
      if (metadataAllowed instanceof Error) throw metadataAllowed;
      return { metadata: metadataAllowed } as never;
    });
    const context = new CallContextReader({
      client: () => ({ metadata: { get } as never, permissions: { byUsername } as never }),
      agent: () => agent,
      firstKeys: () => ['reason'],
      logger: silent,
    });
    return { context, get, byUsername };
  }

  it('reads the metadata only when the agent’s metadata permission allows it', async () => {
    const allowed = reader(true);
    expect(await allowed.context.read('17.1')).toEqual({
      metadata: { status: 'shown', metadata: { customer_id: 'C-9' } },
      firstKeys: ['reason'],
    });
    expect(allowed.byUsername).toHaveBeenCalledWith('17.1', 'agent', expect.anything());

    const refused = reader(false);
    expect((await refused.context.read('17.1')).metadata.status).toBe('not-permitted');
    expect(refused.get).not.toHaveBeenCalled();

    const nobody = reader(true, '');
    expect((await nobody.context.read('17.1')).metadata.status).toBe('not-permitted');
    expect(nobody.byUsername).not.toHaveBeenCalled();

    const failing = reader(new Error('timeout'));
    expect((await failing.context.read('17.1')).metadata).toMatchObject({ status: 'unavailable' });
  });
});

describe("the demo IVR's data", () => {
  it('is on about three queue calls in five, with a customer number and a reason', () => {
    const all = Array.from({ length: 1000 }, (_, index) => demoIvrData(`1700000000.${index}`));
    const withData = all.filter((data) => Object.keys(data).length > 0);
    expect(withData.length).toBeGreaterThan(500);
    expect(withData.length).toBeLessThan(700);
    expect(withData[0]).toEqual({
      cislo_zakaznika: expect.stringMatching(/^C-\d{6}$/),
      duvod: expect.any(String),
      jazyk: expect.any(String),
    });
    expect(demoIvrData('1700000000.1')).toEqual(demoIvrData('1700000000.1'));
  });
});
