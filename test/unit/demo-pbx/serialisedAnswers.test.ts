/** The demo PBX's kept answers: the JSON, serialised once per id until forgotten or pushed out. */
import { describe, expect, it } from 'vitest';
import { SerialisedAnswers } from '../../../src-main/demo-pbx/store/serialisedAnswers';

const MiB = 1024 * 1024;

/** An answer of about `bytes` bytes of UTF-8, with characters UTF-8 writes in two bytes. */
const answerOf = (id: number, bytes: number) => ({ id, text: 'ž'.repeat(bytes / 2) });

describe('SerialisedAnswers', () => {
  it('gives the JSON of the answer, built once, until the id is forgotten', () => {
    const answers = new SerialisedAnswers(4 * MiB);
    let builds = 0;
    const build = () => {
      builds++;
      return { success: true, data: { name: 'Čobrda', builds } };
    };
    const first = answers.get(5, build);
    expect(JSON.parse(first)).toEqual({ success: true, data: { name: 'Čobrda', builds: 1 } });
    expect(answers.get(5, build)).toBe(first);
    expect(builds).toBe(1);
    expect(answers.size).toBe(Buffer.byteLength(first));

    answers.forget(5);
    expect(answers.size).toBe(0);
    expect(JSON.parse(answers.get(5, build)).data.builds).toBe(2);
  });

  it('lets the oldest answers go when full, and keeps the newest', () => {
    const answers = new SerialisedAnswers(2 * MiB);
    const builds = new Map<number, number>();
    const get = (id: number) =>
      answers.get(id, () => {
        builds.set(id, (builds.get(id) ?? 0) + 1);
        return answerOf(id, 100_000);
      });
    const oldest = get(1);
    for (let id = 2; id <= 30; id++) expect(JSON.parse(get(id)).id).toBe(id);
    expect(answers.size).toBeLessThanOrEqual(2 * MiB);

    expect(JSON.parse(get(30)).id).toBe(30);
    expect(builds.get(30)).toBe(1);
    expect(get(1)).toBe(oldest);
    expect(builds.get(1)).toBe(2);
  });

  it('hands out an answer larger than a slab without keeping it', () => {
    const answers = new SerialisedAnswers(4 * MiB);
    expect(JSON.parse(answers.get(1, () => answerOf(1, 2 * MiB))).id).toBe(1);
    expect(answers.size).toBe(0);
  });
});
