import { describe, expect, it } from 'vitest';
import { commandTable } from '../../../src-main/shared/contract';
import { personCallData, withPersonExternalId } from '../../../src-main/shared/personCallData';

describe('call data naming the person', () => {
  it('names the person, with the external id when known', () => {
    expect(personCallData({ id: 7, externalId: 'CRM-7' })).toEqual({ person_id: 7, external_id: 'CRM-7' });
    expect(personCallData({ id: 7, externalId: null })).toEqual({ person_id: 7 });
    expect(personCallData(null)).toBeUndefined();
  });

  it('is completed in main with the external id of the directory cache', () => {
    const lookup = (id: number) => (id === 7 ? 'CRM-7' : null);
    const args = { number: '+420601123456', source: 'directory' as const, data: { person_id: 7 } };
    expect(withPersonExternalId(args, lookup)).toEqual({
      ...args,
      data: { person_id: 7, external_id: 'CRM-7' },
    });
    expect(withPersonExternalId({ ...args, data: { person_id: 8 } }, lookup).data).toEqual({ person_id: 8 });
    const own = { ...args, data: { person_id: 7, external_id: 'given' } };
    expect(withPersonExternalId(own, lookup)).toBe(own);
    const none: { number: string; data?: Record<string, unknown> } = { number: '1' };
    expect(withPersonExternalId(none, lookup)).toBe(none);
  });

  it('passes the dial command’s own check', () => {
    const parsed = commandTable['calls:dial'].args.safeParse({
      number: '+420601123456',
      source: 'history',
      data: personCallData({ id: 7, externalId: 'CRM-7' }),
    });
    expect(parsed.success).toBe(true);
  });
});
