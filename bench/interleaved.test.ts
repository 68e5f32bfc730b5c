import { describe, expect, it } from 'vitest';
import { compareFreshPairs, compareInterleaved, comparisonResults, controlResult, median, type StartedProcess } from './interleaved.js';

const round = (requestsPerSecond: number, cpuMicrosecondsPerRequest: number) => ({ requestsPerSecond, cpuMicrosecondsPerRequest });

// The on/off comparison's arithmetic and order, with made-up figures: no timing is measured here.
describe('compareInterleaved', () => {
  it('alternates the variants ABBA and answers the medians, one disturbed round leaving the ratios alone', async () => {
    const order: string[] = [];
    const rounds = {
      off: [round(100, 50), round(100, 50), round(100, 50), round(100, 50), round(20, 80)],
      on: [round(96, 52), round(97, 51), round(95, 52.5), round(96, 52), round(96, 52)],
    };
    const comparison = await compareInterleaved({
      rounds: 5,
      measure: async (variant) => {
        order.push(variant);
        return rounds[variant].shift()!;
      },
    });
    expect(order).toEqual(['off', 'on', 'on', 'off', 'off', 'on', 'on', 'off', 'off', 'on']);
    expect(comparison.off).toEqual(round(100, 50));
    expect(comparison.on).toEqual(round(96, 52));
    expect(comparison.ratio).toBeCloseTo(0.96);
    expect(comparison.ratios).toHaveLength(5);
    // Off's CPU per request over on's, round by round: 50/52, 50/51, 50/52.5, 50/52, 80/52.
    expect(comparison.cpuRatios.map((ratio) => Number(ratio.toFixed(4)))).toEqual([0.9615, 0.9804, 0.9524, 0.9615, 1.5385]);
    expect(comparison.cpuRatio).toBeCloseTo(50 / 52);
  });

  it('judges the target on the CPU time per request and shows the throughput beside it', async () => {
    const figures = { off: round(1000, 60), on: round(600, 66) };
    const comparison = await compareInterleaved({ rounds: 2, measure: async (variant) => figures[variant] });
    const [cpu, throughput] = comparisonResults({ name: 'pages with metrics', offName: 'metrics off', comparison });
    expect(cpu).toMatchObject({
      name: 'pages with metrics: CPU time of the server per request (median of 2 interleaved rounds; round ratios 0.91–0.91)',
      value: 66,
      unit: 'µs CPU/request',
      reference: { name: 'metrics off', value: 60 },
      target: 'ratio >= 0.95',
      isMet: false,
    });
    expect(cpu!.ratio).toBeCloseTo(60 / 66);
    expect(throughput).toMatchObject({ value: 600, unit: 'req/s', reference: { value: 1000 }, ratio: 0.6 });
    expect(throughput).not.toHaveProperty('target');
    const [floor] = comparisonResults({ name: 'pages', offName: 'floor', comparison, targetRatio: 0.85 });
    expect(floor).toMatchObject({ target: 'ratio >= 0.85', isMet: true });
  });
});

describe('controlResult', () => {
  it('is met only while two processes alike read within 3 % of each other', async () => {
    const within = await compareInterleaved({ rounds: 3, measure: async (variant) => round(1000, variant === 'off' ? 50 : 51) });
    expect(controlResult({ name: 'control', comparison: within })).toMatchObject({
      value: 51,
      reference: { name: 'the same configuration', value: 50 },
      isMet: true,
    });
    const apart = await compareInterleaved({ rounds: 3, measure: async (variant) => round(1000, variant === 'off' ? 50 : 44) });
    const line = controlResult({ name: 'control', comparison: apart });
    expect(line.ratio).toBeCloseTo(50 / 44);
    expect(line).toMatchObject({ isMet: false, target: "0.97 <= ratio <= 1.03, or this run's ratios prove nothing" });
  });
});

describe('compareFreshPairs', () => {
  /** Fake processes: each answers the CPU time per request it was made with, and records what happened to it. */
  function fakeProcesses(costs: Record<'off' | 'on', number[]>) {
    const events: string[] = [];
    let started = 0;
    const start = (variant: 'off' | 'on') => async (): Promise<StartedProcess & { cost: number }> => {
      const name = `${variant}${started++}`;
      const cost = costs[variant].shift()!;
      events.push(`start ${name}`);
      return { url: name, pid: 0, cost, close: async () => void events.push(`close ${name}`) };
    };
    return { events, start: { off: start('off'), on: start('on') } };
  }

  it("judges each side by its best fresh process, whatever pair it was in, and shows each pair's ratio", async () => {
    // Pair 1's off process and pair 3's on process are the unlucky ones, a fifth dearer through all their rounds.
    const { events, start } = fakeProcesses({ off: [60, 50, 50.2], on: [52, 50.5, 61] });
    const comparison = await compareFreshPairs({
      start,
      warmUp: async (server) => void events.push(`warm ${server.url}`),
      measure: async (server) => {
        events.push(`measure ${server.url}`);
        return round(1000, (server as StartedProcess & { cost: number }).cost);
      },
      pairs: 3,
      roundsPerPair: 2,
      warmUpRounds: 2,
    });
    expect(comparison.off.cpuMicrosecondsPerRequest).toBe(50);
    expect(comparison.on.cpuMicrosecondsPerRequest).toBe(50.5);
    expect(comparison.cpuRatio).toBeCloseTo(50 / 50.5);
    expect(comparison.cpuRatios.map((ratio) => Number(ratio.toFixed(3)))).toEqual([1.154, 0.99, 0.823]);
    expect(comparison.ratios).toHaveLength(6);
    expect(comparison.method).toBe('best of 3 fresh processes a side, 2 interleaved rounds each; pair ratios 0.82–1.15');
    // One pair at a time: started, warmed up alternating, measured ABBA, stopped before the next starts.
    expect(events.slice(0, 9)).toEqual([
      'start off0',
      'start on1',
      'warm off0',
      'warm on1',
      'warm on1',
      'warm off0',
      'measure off0',
      'measure on1',
      'measure on1',
    ]);
    expect(events.slice(9, 13)).toEqual(['measure off0', 'close off0', 'close on1', 'start off2']);
  });

  it('stops a pair whose measurement failed', async () => {
    const { events, start } = fakeProcesses({ off: [50], on: [50] });
    const failing = compareFreshPairs({
      start,
      warmUp: async () => undefined,
      measure: async () => {
        throw new Error('wrk failed');
      },
    });
    await expect(failing).rejects.toThrow('wrk failed');
    expect(events).toEqual(['start off0', 'start on1', 'close off0', 'close on1']);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});
