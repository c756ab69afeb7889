/** Small collections of a sync are written on its own thread; a worker starts only for a large one. */
import { describe, expect, it } from 'vitest';
import { sizedDetailWriter, type DetailWriter } from '../../../src-main/cache/sync/detailWriter';

function recordingWriter(name: string, calls: string[]): DetailWriter {
  return {
    prepare: (collection) => calls.push(`${name} prepare ${collection}`),
    write: async (collection, outcomes) => {
      calls.push(`${name} write ${collection} ${outcomes.length}`);
      return { fetched: outcomes.length, removed: 0, quarantined: [] };
    },
    close: async () => {
      calls.push(`${name} close`);
    },
  };
}

describe('the sized detail writer', () => {
  it('writes collections up to the limit inline and starts one worker for the large ones', async () => {
    const calls: string[] = [];
    let workersStarted = 0;
    const writer = sizedDetailWriter(
      recordingWriter('inline', calls),
      () => {
        workersStarted++;
        return recordingWriter('worker', calls);
      },
      100,
    );
    const gone = (id: number) => ({ id, gone: true as const });

    writer.plan!('users', 100);
    await writer.write('users', [gone(1)], 0);
    expect(workersStarted).toBe(0);

    writer.plan!('companies', 101);
    writer.prepare('companies', gone(2));
    await writer.write('companies', [gone(2)], 0);
    writer.plan!('persons', 5000);
    await writer.write('persons', [gone(3), gone(4)], 0);
    await writer.close();

    expect(workersStarted).toBe(1);
    expect(calls).toEqual([
      'inline write users 1',
      'worker prepare companies',
      'worker write companies 1',
      'worker write persons 2',
      'inline close',
      'worker close',
    ]);
  });

  it('never starts a worker for a sync whose collections are all small', async () => {
    let workersStarted = 0;
    const writer = sizedDetailWriter(
      recordingWriter('inline', []),
      () => {
        workersStarted++;
        return recordingWriter('worker', []);
      },
      100,
    );
    for (const collection of ['users', 'companies', 'persons'] as const) writer.plan!(collection, 50);
    await writer.close();
    expect(workersStarted).toBe(0);
  });
});
