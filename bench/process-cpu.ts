import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The CPU time a server process has used (user + system, all its threads), read from Linux's /proc, for the cost
 * of a request that a busy machine does not distort: throughput falls when other processes take the cores, the
 * CPU time the server spends on each request hardly moves (decision 069).
 */

/** Clock ticks per second of /proc's times (USER_HZ; 100 on Linux almost everywhere). */
const CLOCK_TICKS_PER_SECOND = (() => {
  const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const ticks = Number(answer.stdout?.trim());
  return Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
})();

/**
 * utime + stime, in clock ticks, of /proc/<pid>/stat's text. The second field (the command) is in parentheses and
 * may hold spaces and parentheses itself, so the fields are counted from the last `)`: utime and stime are the
 * 14th and 15th fields, the 12th and 13th after the command.
 */
export function cpuTicksOfStat(stat: string): number {
  const end = stat.lastIndexOf(')');
  if (end < 0) throw new Error(`not a /proc/<pid>/stat line: ${stat.slice(0, 80)}`);
  const fields = stat
    .slice(end + 1)
    .trim()
    .split(/\s+/);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`no utime/stime in: ${stat.slice(0, 80)}`);
  return utime + stime;
}

/** The process's CPU seconds so far (all its threads, the finished ones included). */
export function cpuSecondsOf(pid: number): number {
  return cpuTicksOfStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')) / CLOCK_TICKS_PER_SECOND;
}

/** The process's and its descendants' pids (a product process and the embedded PostgreSQL it started). */
export function processTreeOf(pid: number): number[] {
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((thread) => readOrEmpty(`/proc/${pid}/task/${thread}/children`).trim().split(/\s+/).filter(Boolean))
    .map(Number);
  return [pid, ...children.flatMap((child) => processTreeOf(child))];
}

const readOrEmpty = (file: string): string => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return ''; // the thread or process ended meanwhile
  }
};

/** The CPU seconds of each process of a tree at one moment (pids that end meanwhile count nothing more). */
function cpuSecondsOfTree(pids: number[]): Map<number, number> {
  return new Map(pids.flatMap((pid) => (fs.existsSync(`/proc/${pid}/stat`) ? [[pid, cpuSecondsOf(pid)] as const] : [])));
}

/**
 * The CPU seconds each process of the tree of `pid` has used so far. A process that ends while the tree is read is
 * left out: the reading is taken again when the tree changed under it.
 */
export function cpuSecondsOfProcessTree(pid: number): Map<number, number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return cpuSecondsOfTree(processTreeOf(pid));
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/**
 * The CPU seconds a tree of processes spent between two readings: a process started since counts all of its own, one
 * ended since counts nothing (the bench's own short connections to the embedded PostgreSQL, which run ANALYZE).
 */
export function cpuSecondsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, seconds] of after) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}

/** One run of load against a server: what it served, and the CPU time its process(es) spent meanwhile. */
export type CostedRun = { requestsPerSecond: number; requests: number; cpuSeconds: number; cpuMicrosecondsPerRequest: number };

/** CPU microseconds per request of a run. */
export function cpuMicrosecondsPerRequest(cpuSeconds: number, requests: number): number {
  if (requests <= 0) throw new Error('no request was served');
  return (cpuSeconds * 1e6) / requests;
}

/**
 * Runs `load` against the server process `pid` and answers its throughput with the CPU time the process spent per
 * request served. `withChildren` counts its descendants too (the embedded PostgreSQL of a product that queries it);
 * the difference of the readings before and after, per process present at the start.
 */
export async function measureCostedRun(
  pid: number,
  load: () => Promise<{ requestsPerSecond: number; requests: number }>,
  options: { withChildren?: boolean } = {},
): Promise<CostedRun> {
  const pids = options.withChildren ? processTreeOf(pid) : [pid];
  const before = cpuSecondsOfTree(pids);
  const { requestsPerSecond, requests } = await load();
  const after = cpuSecondsOfTree(pids);
  const cpuSeconds = [...before].reduce((sum, [each, start]) => sum + (after.get(each) ?? start) - start, 0);
  return { requestsPerSecond, requests, cpuSeconds, cpuMicrosecondsPerRequest: cpuMicrosecondsPerRequest(cpuSeconds, requests) };
}
