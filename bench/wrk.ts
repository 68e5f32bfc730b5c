import { spawn } from 'node:child_process';

export const WRK = '/usr/bin/wrk';

/** `requests`: how many were answered in the run (for the server's CPU time per request, bench/process-cpu.ts). */
export type WrkResult = { requestsPerSecond: number; p99Ms: number; requests: number };

/** The Lua `done` function a request script ends with: it prints the result `runWrk` reads. */
export const WRK_RESULT_LUA = `done = function(summary, latency, requests)
  io.write(string.format("RESULT %f %f %d %d\\n", summary.requests / (summary.duration / 1e6), latency:percentile(99) / 1000,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.timeout, summary.requests))
end
`;

/**
 * Runs wrk in its own process, one thread, with a request script (ending with WRK_RESULT_LUA; `args` go to its
 * `init`): requests per second and p99 latency. Any failed request (a non-2xx/3xx answer, a broken connection)
 * fails the measurement.
 */
export async function runWrk(options: {
  url: string;
  script: string;
  connections: number;
  seconds: number;
  args?: string[];
}): Promise<WrkResult> {
  const { url, script, connections, seconds } = options;
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      WRK,
      ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', script, url, ...(options.args ? ['--', ...options.args] : [])],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}`))));
  });
  const [, rate, p99, errors, requests] = /RESULT (\S+) (\S+) (\d+) (\d+)/.exec(output) ?? [];
  if (rate === undefined || p99 === undefined) throw new Error(`wrk printed no result:\n${output}`);
  if (Number(errors) > 0) throw new Error(`${url}: ${errors} failed requests`);
  return { requestsPerSecond: Number(rate), p99Ms: Number(p99), requests: Number(requests) };
}
