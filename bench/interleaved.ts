import type { BenchResult } from './bench-result.js';

/** Rounds of an on/off comparison: enough for a median that a few disturbed runs do not move (five were not, at a load of 10). */
export const COMPARISON_ROUNDS = 9;

/** One run of one variant: its throughput, and the CPU time its server process spent per request (process-cpu.ts). */
export type Round = { requestsPerSecond: number; cpuMicrosecondsPerRequest: number };

export type Comparison = {
  /** Median throughput and CPU per request of each variant over the rounds. */
  off: Round;
  on: Round;
  /** Throughput: the median of the rounds' ratios (on / off), each of two runs next to each other in time. */
  ratio: number;
  ratios: number[];
  /**
   * Cost: the median of the rounds' CPU-per-request ratios, off / on, so that it reads like the throughput's
   * (1 is as cheap, 0.95 is 5 % more CPU per request: the rate a saturated core would reach with it on).
   */
  cpuRatio: number;
  cpuRatios: number[];
  /** How the ratios were formed, for the bench line (e.g. "median of 9 interleaved rounds; round ratios 0.97–1.02"). */
  method: string;
};

export const median = (values: number[]): number => {
  if (values.length === 0) throw new Error('the median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The spread of the rounds' ratios, lowest–highest, as the bench lines print it. */
export const spreadOf = (ratios: number[]): string => `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;

/**
 * Compares two variants (a feature off and on, or a reference and the product) fairly on a shared, busy machine:
 * both run in the same process layout (the caller starts them alike and warms both up), their runs alternate in
 * ABBA order so a drift of the machine's load hits both sides alike, and each round's ratios are of two runs next
 * to each other in time; the answers are the medians of those ratios, which one disturbed round does not move.
 */
export async function compareInterleaved(options: {
  measure: (variant: 'off' | 'on') => Promise<Round>;
  rounds?: number;
}): Promise<Comparison> {
  const rounds: Record<'off' | 'on', Round>[] = [];
  for (let round = 0; round < (options.rounds ?? COMPARISON_ROUNDS); round++) {
    const order: ('off' | 'on')[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
    const measured: Partial<Record<'off' | 'on', Round>> = {};
    for (const variant of order) measured[variant] = await options.measure(variant);
    rounds.push(measured as Record<'off' | 'on', Round>);
  }
  const medianRound = (variant: 'off' | 'on'): Round => ({
    requestsPerSecond: median(rounds.map((round) => round[variant].requestsPerSecond)),
    cpuMicrosecondsPerRequest: median(rounds.map((round) => round[variant].cpuMicrosecondsPerRequest)),
  });
  const ratios = rounds.map(({ off, on }) => on.requestsPerSecond / off.requestsPerSecond);
  const cpuRatios = rounds.map(({ off, on }) => off.cpuMicrosecondsPerRequest / on.cpuMicrosecondsPerRequest);
  return {
    off: medianRound('off'),
    on: medianRound('on'),
    ratio: median(ratios),
    ratios,
    cpuRatio: median(cpuRatios),
    cpuRatios,
    method: `median of ${rounds.length} interleaved rounds; round ratios ${spreadOf(cpuRatios)}`,
  };
}

/** Fresh pairs of processes per comparison, and interleaved rounds per pair (decision 073). */
const FRESH_PAIRS = 3;
const ROUNDS_PER_PAIR = 3;

/** A server process of a comparison: where it answers, its pid for its CPU time, and how to stop it. */
export type StartedProcess = { url: string; pid: number; close: () => Promise<void> };

/**
 * Compares two configurations of a server process (a feature off and on, a reference and the product) on the cost
 * of the code rather than of one process's luck (decision 073). Two processes of one configuration, started alike,
 * can differ by a fifth in CPU time per request through all their rounds, and which one does is a matter of the
 * process (its memory layout, its JIT's choices), not of the code. So `pairs` fresh pairs are started one after the
 * other, each warmed up alike (`warmUp` on each, alternating, `warmUpRounds` times) and measured in interleaved
 * rounds (compareInterleaved), then stopped; each configuration is judged by its best process, the one with the
 * least CPU time per request (its median over its rounds): a process's bad luck only ever adds, so the best of a few
 * shows what the code costs, and a change that makes every process dearer shows in it. The pairs' own ratios are
 * the spread on the bench line; the throughput ratio is the median of every round's, for information.
 */
export async function compareFreshPairs(options: {
  start: Record<'off' | 'on', () => Promise<StartedProcess>>;
  warmUp: (server: StartedProcess) => Promise<unknown>;
  measure: (server: StartedProcess) => Promise<Round>;
  pairs?: number;
  roundsPerPair?: number;
  warmUpRounds?: number;
}): Promise<Comparison> {
  const pairs: Comparison[] = [];
  for (let pair = 0; pair < (options.pairs ?? FRESH_PAIRS); pair++) {
    const off = await options.start.off();
    const on = await options.start.on().catch(async (error: unknown) => {
      await off.close();
      throw error;
    });
    try {
      for (let round = 0; round < (options.warmUpRounds ?? 3); round++)
        for (const server of round % 2 === 0 ? [off, on] : [on, off]) await options.warmUp(server);
      const servers = { off, on };
      pairs.push(
        await compareInterleaved({
          rounds: options.roundsPerPair ?? ROUNDS_PER_PAIR,
          measure: (variant) => options.measure(servers[variant]),
        }),
      );
    } finally {
      await off.close();
      await on.close();
    }
  }
  return bestOfPairs(pairs);
}

/** The comparison of each configuration's best process over the pairs (compareFreshPairs). */
function bestOfPairs(pairs: Comparison[]): Comparison {
  const best = (variant: 'off' | 'on'): Round =>
    pairs
      .map((pair) => pair[variant])
      .reduce((least, each) => (each.cpuMicrosecondsPerRequest < least.cpuMicrosecondsPerRequest ? each : least));
  const off = best('off');
  const on = best('on');
  const cpuRatios = pairs.map((pair) => pair.cpuRatio);
  const ratios = pairs.flatMap((pair) => pair.ratios);
  const roundsPerPair = pairs[0]?.ratios.length ?? 0;
  return {
    off,
    on,
    ratio: median(ratios),
    ratios,
    cpuRatio: off.cpuMicrosecondsPerRequest / on.cpuMicrosecondsPerRequest,
    cpuRatios,
    method: `best of ${pairs.length} fresh processes a side, ${roundsPerPair} interleaved rounds each; pair ratios ${spreadOf(cpuRatios)}`,
  };
}

/**
 * The two bench lines of a comparison: the CPU time per request, on which the target is judged (at least
 * `targetRatio`: 0.95 is at most 5 % more, issue 27), and the throughput beside it, for information (on a machine
 * shared with other work it swings with their load; decision 069).
 */
export function comparisonResults(options: { name: string; offName: string; comparison: Comparison; targetRatio?: number }): BenchResult[] {
  const { comparison } = options;
  const targetRatio = options.targetRatio ?? 0.95;
  return [
    {
      name: `${options.name}: CPU time of the server per request (${comparison.method})`,
      value: comparison.on.cpuMicrosecondsPerRequest,
      unit: 'µs CPU/request',
      reference: { name: options.offName, value: comparison.off.cpuMicrosecondsPerRequest },
      ratio: comparison.cpuRatio,
      target: `ratio >= ${targetRatio}`,
      isMet: comparison.cpuRatio >= targetRatio,
    },
    {
      name: `${options.name}: throughput, for information (median of ${comparison.ratios.length} rounds' ratios; ${spreadOf(comparison.ratios)})`,
      value: comparison.on.requestsPerSecond,
      unit: 'req/s',
      reference: { name: options.offName, value: comparison.off.requestsPerSecond },
      ratio: comparison.ratio,
    },
  ];
}

/** How far from 1 the control comparison (a process against a second one like it) may read in a run worth reading. */
export const CONTROL_TOLERANCE = 0.03;

/**
 * The bench line of the control: two processes of the same configuration compared like the others. Its ratio is the
 * measurement's own error in this run; when it is further from 1 than CONTROL_TOLERANCE, the machine was too busy
 * for the run's other ratios to show a difference of a few percent either way (decision 069).
 */
export function controlResult(options: { name: string; comparison: Comparison }): BenchResult {
  const { comparison } = options;
  const isMet = Math.abs(comparison.cpuRatio - 1) <= CONTROL_TOLERANCE;
  return {
    name: `${options.name}: CPU time of the server per request (${comparison.method})`,
    value: comparison.on.cpuMicrosecondsPerRequest,
    unit: 'µs CPU/request',
    reference: { name: 'the same configuration', value: comparison.off.cpuMicrosecondsPerRequest },
    ratio: comparison.cpuRatio,
    target: `${1 - CONTROL_TOLERANCE} <= ratio <= ${1 + CONTROL_TOLERANCE}, or this run's ratios prove nothing`,
    isMet,
  };
}
