import { describe, expect, it } from 'vitest';
import {
  compareWithBaseline,
  formatRatio,
  ratioOf,
  refreshedBaseline,
  type Baseline,
} from '../../bench/support/ratios';

const baseline: Baseline = {
  date: '2026-12-05',
  note: 'test',
  ratios: {
    lookup_p99: { ratio: 1.2, goal: { atMost: 1.5 } },
    person_get_rps: { ratio: 0.9, goal: { atLeast: 0.9 } },
  },
};

describe('bench ratios against the baseline', () => {
  it('fails when a lower-is-better ratio is more than 25 % worse', () => {
    const { rows, failed } = compareWithBaseline(
      [
        ratioOf('lookup_p99', 1.6, 1, 'ms', { atMost: 1.5 }),
        ratioOf('person_get_rps', 9, 10, 'req/s', { atLeast: 0.9 }),
      ],
      baseline,
    );
    expect(failed).toBe(true);
    expect(rows.find((row) => row.name === 'lookup_p99')).toMatchObject({ verdict: 'worse' });
    expect(rows.find((row) => row.name === 'lookup_p99')!.line).toContain('33 % worse');
  });

  it('fails when a higher-is-better ratio falls by more than 25 %', () => {
    const { rows, failed } = compareWithBaseline(
      [
        ratioOf('lookup_p99', 1.2, 1, 'ms', { atMost: 1.5 }),
        ratioOf('person_get_rps', 7, 10, 'req/s', { atLeast: 0.9 }),
      ],
      baseline,
    );
    expect(failed).toBe(true);
    expect(rows.find((row) => row.name === 'person_get_rps')).toMatchObject({ verdict: 'worse' });
  });

  it('passes when ratios are better, or worse by no more than 25 %', () => {
    const { rows, failed } = compareWithBaseline(
      [
        ratioOf('lookup_p99', 1.45, 1, 'ms', { atMost: 1.5 }),
        ratioOf('person_get_rps', 12, 10, 'req/s', { atLeast: 0.9 }),
      ],
      baseline,
    );
    expect(failed).toBe(false);
    expect(rows.map((row) => row.verdict)).toEqual(['ok', 'ok']);
    expect(rows.find((row) => row.name === 'person_get_rps')!.line).toContain('% better');
  });

  it('reports a baseline ratio missing from a full run, and fails it', () => {
    const { rows, failed } = compareWithBaseline(
      [ratioOf('lookup_p99', 1.2, 1, 'ms', { atMost: 1.5 })],
      baseline,
    );
    expect(failed).toBe(true);
    expect(rows.find((row) => row.name === 'person_get_rps')).toMatchObject({ verdict: 'missing' });
  });

  it('notes a ratio not measured by a run of some benches only, without failing', () => {
    const { rows, failed } = compareWithBaseline(
      [ratioOf('lookup_p99', 1.2, 1, 'ms', { atMost: 1.5 })],
      baseline,
      {
        filtered: true,
      },
    );
    expect(failed).toBe(false);
    expect(rows.find((row) => row.name === 'person_get_rps')!.line).toContain('not measured in this run');
  });

  it('lists a ratio the baseline does not have yet, without failing', () => {
    const { rows, failed } = compareWithBaseline(
      [
        ratioOf('lookup_p99', 1.2, 1, 'ms', { atMost: 1.5 }),
        ratioOf('person_get_rps', 9, 10, 'req/s', { atLeast: 0.9 }),
        ratioOf('ws_round_trip_p95', 3, 1, 'µs', { atMost: 2 }),
      ],
      baseline,
    );
    expect(failed).toBe(false);
    expect(rows.at(-1)).toMatchObject({ name: 'ws_round_trip_p95', verdict: 'new' });
  });
});

describe('a ratio line', () => {
  it('prints the figure, its limit, the ratio and whether the goal is met', () => {
    expect(formatRatio(ratioOf('lookup_p99', 0.03, 0.02, 'ms', { atMost: 1.5 }))).toBe(
      'ratio lookup_p99: 0.03 ms (limit: 0.02 ms) ratio 1.50 (goal <= 1.5x) OK',
    );
    expect(formatRatio(ratioOf('person_get_rps', 11_600, 23_800, 'req/s', { atLeast: 0.9 }))).toMatch(
      /ratio 0\.49 \(goal >= 0\.9x\) MISSED$/,
    );
  });
});

describe('refreshing the baseline', () => {
  it('replaces the ratios measured now and keeps the others', () => {
    const refreshed = refreshedBaseline(
      baseline,
      [ratioOf('lookup_p99', 1.1, 1, 'ms', { atMost: 1.5 })],
      '2026-12-06',
      'n',
    );
    expect(refreshed.ratios['lookup_p99']!.ratio).toBeCloseTo(1.1);
    expect(refreshed.ratios['person_get_rps']).toEqual(baseline.ratios['person_get_rps']);
    expect(refreshed.date).toBe('2026-12-06');
  });
});
