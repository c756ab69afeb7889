/**
 * Figures as ratios to their limit, measured in the same run on the same data, and their comparison with a
 * committed baseline. The machines are shared and their speed varies by 2× over a day, so an absolute figure
 * cannot show whether Ringside got slower; a ratio to the bare operation it wraps can.
 *
 * Pure: no timing, no files (run.ts reads and writes them).
 */

/** `atMost`: lower is better (a latency over its limit); `atLeast`: higher is better (a rate over its ceiling). */
export type Goal = { atMost: number } | { atLeast: number };

/** One ratio of a run: the figure, its limit measured beside it, and their quotient. */
export interface RatioResult {
  name: string;
  figure: number;
  limit: number;
  unit: string;
  ratio: number;
  goal: Goal;
}

/** The committed baseline: ratios only, with when and on what they were taken. */
export interface Baseline {
  date: string;
  note: string;
  ratios: Record<string, { ratio: number; goal: Goal }>;
}

/** A ratio may worsen by this much (×1.25) against the baseline before `--compare` fails. */
export const ALLOWED_WORSENING = 0.25;

export function ratioOf(name: string, figure: number, limit: number, unit: string, goal: Goal): RatioResult {
  return { name, figure, limit, unit, ratio: figure / limit, goal };
}

export function meetsGoal(ratio: number, goal: Goal): boolean {
  return 'atMost' in goal ? ratio <= goal.atMost : ratio >= goal.atLeast;
}

const round = (value: number) =>
  Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2);

export function formatGoal(goal: Goal): string {
  return 'atMost' in goal ? `<= ${goal.atMost}x` : `>= ${goal.atLeast}x`;
}

/** `name: figure unit (limit: x unit) ratio r (goal g) OK|MISSED` */
export function formatRatio(result: RatioResult): string {
  const verdict = meetsGoal(result.ratio, result.goal) ? 'OK' : 'MISSED';
  return (
    `ratio ${result.name}: ${round(result.figure)} ${result.unit} (limit: ${round(result.limit)} ${result.unit})` +
    ` ratio ${result.ratio.toFixed(2)} (goal ${formatGoal(result.goal)}) ${verdict}`
  );
}

/** How much worse `current` is than `baseline`, as a factor ≥ 0 (1.3 = 30 % worse; below 1 is better). */
export function worsening(current: number, baseline: number, goal: Goal): number {
  return 'atMost' in goal ? current / baseline : baseline / current;
}

export interface ComparisonRow {
  name: string;
  baseline: number | undefined;
  current: number | undefined;
  /** `worse`: beyond the allowed worsening; `missing`: in the baseline, not measured in this run. */
  verdict: 'ok' | 'worse' | 'missing' | 'new';
  line: string;
}

/**
 * Each ratio of the baseline beside this run's. `filtered`: only some benches ran, so a baseline ratio this
 * run did not measure is noted rather than failed.
 */
export function compareWithBaseline(
  current: readonly RatioResult[],
  baseline: Baseline,
  { filtered = false }: { filtered?: boolean } = {},
): { rows: ComparisonRow[]; failed: boolean } {
  const byName = new Map(current.map((result) => [result.name, result]));
  const rows: ComparisonRow[] = [];
  for (const [name, { ratio: before, goal }] of Object.entries(baseline.ratios)) {
    const now = byName.get(name);
    if (!now) {
      rows.push({
        name,
        baseline: before,
        current: undefined,
        verdict: 'missing',
        line: `compare ${name}: baseline ${before.toFixed(2)}, not measured in this run${filtered ? '' : ' MISSING'}`,
      });
      continue;
    }
    const factor = worsening(now.ratio, before, goal);
    const worse = factor > 1 + ALLOWED_WORSENING;
    const change = `${factor >= 1 ? `${((factor - 1) * 100).toFixed(0)} % worse` : `${((1 - factor) * 100).toFixed(0)} % better`}`;
    rows.push({
      name,
      baseline: before,
      current: now.ratio,
      verdict: worse ? 'worse' : 'ok',
      line: `compare ${name}: ${now.ratio.toFixed(2)} vs baseline ${before.toFixed(2)} (${change}) ${worse ? 'WORSE' : 'OK'}`,
    });
  }
  for (const result of current) {
    if (result.name in baseline.ratios) continue;
    rows.push({
      name: result.name,
      baseline: undefined,
      current: result.ratio,
      verdict: 'new',
      line: `compare ${result.name}: ${result.ratio.toFixed(2)}, not in the baseline`,
    });
  }
  const failed = rows.some((row) => row.verdict === 'worse' || (row.verdict === 'missing' && !filtered));
  return { rows, failed };
}

/** The baseline for this run's ratios: `previous` with those measured now replaced. */
export function refreshedBaseline(
  previous: Baseline | undefined,
  current: readonly RatioResult[],
  date: string,
  note: string,
): Baseline {
  const ratios = { ...previous?.ratios };
  for (const result of current) ratios[result.name] = { ratio: result.ratio, goal: result.goal };
  return { date, note, ratios };
}
