import { describe, expect, it } from 'vitest';
import {
  activityItem,
  PERSON_ACTIVITY_MAX,
  PersonActivityReader,
} from '../../../src-main/calls/context/personActivity';
import { demoPersonActivity } from '../../../src-main/demo-pbx/seed/personActivity';

describe('person activity', () => {
  it('shows every field of an undocumented item as text', () => {
    expect(activityItem({ subject: 'Invoice', done: false, meta: { a: 1 }, none: null })).toEqual([
      { key: 'subject', value: 'Invoice' },
      { key: 'done', value: 'false' },
      { key: 'meta', value: '{"a":1}' },
      { key: 'none', value: 'null' },
    ]);
    expect(activityItem('a note')).toEqual([{ key: 'value', value: 'a note' }]);
    expect(activityItem([1, 2])).toEqual([{ key: 'value', value: '[1,2]' }]);
  });

  it('reads them from the PBX, at most PERSON_ACTIVITY_MAX of each', async () => {
    const many = Array.from({ length: PERSON_ACTIVITY_MAX + 1 }, (_, id) => ({ id }));
    const reader = new PersonActivityReader(() => ({
      persons: { get: async () => ({ interactions: many, tasks: [] }) } as never,
    }));
    const activity = await reader.read(7);
    expect(activity.interactions).toHaveLength(PERSON_ACTIVITY_MAX);
    expect(activity).toMatchObject({ tasks: [], more: true });
    await expect(new PersonActivityReader(() => undefined).read(7)).rejects.toMatchObject({
      code: 'not-configured',
    });
  });

  it('gives about one demo person in three some interactions', () => {
    const persons = Array.from({ length: 300 }, (_, index) => demoPersonActivity(index + 1));
    const active = persons.filter((person) => person.interactions.length > 0);
    expect(active.length).toBeGreaterThan(80);
    expect(active.length).toBeLessThan(120);
    expect(demoPersonActivity(42)).toEqual(demoPersonActivity(42));
  });
});
