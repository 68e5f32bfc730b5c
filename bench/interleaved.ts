import type { BenchResult } from './bench-result.js';

/** Rounds of an on/off comparison: enough for a median that one disturbed run does not move. */
export const COMPARISON_ROUNDS = 5;

export type Comparison = {
  /** Median rate of each variant over the rounds. */
  off: number;
  on: number;
  /** Median of the rounds' ratios (on / off), each of two runs next to each other in time. */
  ratio: number;
  ratios: number[];
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Compares a feature switched off and on fairly on a shared, busy machine: both variants run in the same process
 * layout (the caller starts them alike and warms both up), their runs alternate in ABBA order so a drift of the
 * machine's load hits both sides alike, and each round's ratio is of two runs next to each other in time; the
 * answer is the median of those ratios, which one disturbed round does not move.
 */
export async function compareInterleaved(options: {
  measure: (variant: 'off' | 'on') => Promise<number>;
  rounds?: number;
}): Promise<Comparison> {
  const offs: number[] = [];
  const ons: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < (options.rounds ?? COMPARISON_ROUNDS); round++) {
    const order: ('off' | 'on')[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    const rates: Record<'off' | 'on', number> = { off: 0, on: 0 };
    for (const variant of order) rates[variant] = await options.measure(variant);
    offs.push(rates.off);
    ons.push(rates.on);
    ratios.push(rates.on / rates.off);
  }
  return { off: median(offs), on: median(ons), ratio: median(ratios), ratios };
}

/** The bench line of a comparison whose target is at most 5 % slower (issue 27). */
export function comparisonResult(options: { name: string; unit: string; offName: string; comparison: Comparison }): BenchResult {
  const { comparison } = options;
  const spread = `${Math.min(...comparison.ratios).toFixed(2)}–${Math.max(...comparison.ratios).toFixed(2)}`;
  return {
    name: `${options.name} (median of ${comparison.ratios.length} interleaved rounds; round ratios ${spread})`,
    value: comparison.on,
    unit: options.unit,
    reference: { name: options.offName, value: comparison.off },
    ratio: comparison.ratio,
    target: 'ratio >= 0.95',
    isMet: comparison.ratio >= 0.95,
  };
}
