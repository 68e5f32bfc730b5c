import { describe, expect, it } from 'vitest';
import {
  cpuMicrosecondsPerRequest,
  cpuSecondsBetween,
  cpuSecondsOf,
  cpuSecondsOfProcessTree,
  cpuTicksOfStat,
  measureCostedRun,
  processTreeOf,
} from './process-cpu.js';

describe('cpuTicksOfStat', () => {
  it('adds utime and stime, the 14th and 15th fields', () => {
    const stat = '18637 (node) R 18634 18634 14799 0 -1 4194304 100 0 0 0 250 40 7 3 20 0 11 0 2213823 3133440 418';
    expect(cpuTicksOfStat(stat)).toBe(290);
  });

  it('counts the fields from the last parenthesis, whatever the command is called', () => {
    const stat = '42 (a) b (c) S 1 42 42 0 -1 4194304 100 0 0 0 1200 300 0 0 20 0 1 0 5 6 7';
    expect(cpuTicksOfStat(stat)).toBe(1500);
  });

  it('refuses a line that is not a stat line', () => {
    expect(() => cpuTicksOfStat('nothing here')).toThrow();
    expect(() => cpuTicksOfStat('1 (x) S 1')).toThrow();
  });
});

describe('cpuMicrosecondsPerRequest', () => {
  it('divides the CPU time by the requests served', () => {
    expect(cpuMicrosecondsPerRequest(1.5, 25_000)).toBe(60);
    expect(() => cpuMicrosecondsPerRequest(1, 0)).toThrow();
  });
});

describe('measureCostedRun', () => {
  it("reads this process's own CPU time around a run that spends some", async () => {
    expect(processTreeOf(process.pid)[0]).toBe(process.pid);
    const before = cpuSecondsOf(process.pid);
    const run = await measureCostedRun(process.pid, async () => {
      // Busy until the process's CPU clock has moved by at least 20 ticks of /proc's clock.
      while (cpuSecondsOf(process.pid) - before < 0.2) for (let index = 0; index < 1e5; index++) Math.sqrt(index);
      return { requestsPerSecond: 1000, requests: 1000 };
    });
    expect(run.cpuSeconds).toBeGreaterThan(0);
    expect(run.cpuMicrosecondsPerRequest).toBeCloseTo((run.cpuSeconds * 1e6) / 1000);
    expect(run.requestsPerSecond).toBe(1000);
  });
});

describe('cpuSecondsBetween', () => {
  it('counts what each process spent, all of a new one, nothing of one that ended', () => {
    const before = new Map([
      [10, 1.5],
      [11, 0.25],
      [12, 4],
    ]);
    const after = new Map([
      [10, 2],
      [11, 0.75],
      [13, 0.5],
    ]);
    expect(cpuSecondsBetween(before, after)).toBeCloseTo(0.5 + 0.5 + 0.5);
  });

  it("reads this process's tree, itself first", () => {
    const tree = cpuSecondsOfProcessTree(process.pid);
    expect(tree.get(process.pid)).toBeGreaterThan(0);
    expect(cpuSecondsBetween(tree, cpuSecondsOfProcessTree(process.pid))).toBeGreaterThanOrEqual(0);
  });
});
