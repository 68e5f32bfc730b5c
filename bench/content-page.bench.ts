import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BenchResult } from './bench-result.js';
import { freePort, serverNodeVersion, spawnServer, startServerProcess, type ServerProcess } from './bench-server.js';
import { eventLoopDelayWhileSaving, firstReadAfterSave } from './content-page-saves.js';
import { comparisonResults, compareFreshPairs, controlResult, type Comparison, type StartedProcess } from './interleaved.js';
import { startOtlpSink } from './otlp-sink.js';
import { adminToken, get, loadAndCost, loadWithWrk, publishedPageUrls } from './page-requests.js';
import { WRK } from './wrk.js';

const NGINX = '/usr/sbin/nginx';
/** The on/off comparisons: WARM_UP_ROUNDS warm-up runs of each fresh process, alternating, then each interleaved round's run. */
const WARM_UP_ROUNDS = 3;
const WARM_UP_SECONDS = 2;
const ROUND_SECONDS = 3;

/**
 * The server-rendered content pages against nginx serving the same bytes (decision 026):
 * - both sides answer every published page of the demo with the product's own gzip bytes (nginx through
 *   `gzip_static` from files written from the product's answers), to the same `Accept-Encoding: gzip` requests;
 * - the load generator (wrk) runs in its own process, one thread, the same connections and URLs for both;
 * - a third server shows what the platform itself costs: bare Node (bench/page-reference.ts) sending the same bytes
 *   from memory, in its own process;
 * - a fourth is the framework's floor (bench/fastify-floor-reference.ts): Fastify with the product's logger, log
 *   line and security headers sending the same bytes from memory, so the product's ratio to it is what the
 *   product's own code costs (issue 28's target: at least 0.85);
 * - the product runs as shipped (the built server, `node apps/server/dist/main.js`), in its own process; against
 *   the floor, with tracing on (spans sent to an endpoint that drops them) against it off, and /metrics on against
 *   off, each comparison three fresh pairs of processes started and warmed up alike, in interleaved rounds, each
 *   side judged by its best process (bench/interleaved.ts, decision 073) on the server process's CPU time per
 *   request, with the throughput beside it (decision 069); a control compares the product with itself the same
 *   way, which says whether the run can show a few percent;
 * - besides the ratio: p99 latency of both, the latency of the first read of a page right after it is saved, and
 *   the event loop's longest delay while pages are saved under load (the product in this process for that one).
 */
export default async function run(): Promise<BenchResult[]> {
  if (spawnSync(NGINX, ['-v']).status !== 0) throw new Error('nginx is not installed (apt-get install nginx-light)');
  if (spawnSync(WRK, ['-v']).error) throw new Error('wrk is not installed (apt-get install wrk)');
  const server = await startServerProcess({ isBuilt: true });
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'store-bench-nginx-'));
  try {
    const token = await adminToken(server.url);
    const urls = await publishedPageUrls(server.url, token);
    for (const url of urls) {
      const answer = await get(`${server.url}${url}`, { 'accept-encoding': 'gzip' });
      if (answer.status !== 200 || answer.headers['content-encoding'] !== 'gzip')
        throw new Error(`${url}: no gzip answer (${answer.status})`);
      const folder = path.join(directory, 'site', url);
      await fs.mkdir(folder, { recursive: true });
      // The very bytes the product sent: nginx serves the .gz as it is, and the plain file exists for gzip_static.
      await fs.writeFile(path.join(folder, 'index.html.gz'), answer.body);
      await fs.writeFile(path.join(folder, 'index.html'), '');
    }
    const port = await freePort();
    await fs.writeFile(path.join(directory, 'nginx.conf'), nginxConfig(directory, port));
    const nginx = spawn(NGINX, ['-c', path.join(directory, 'nginx.conf'), '-p', directory], { stdio: 'ignore' });
    let bareNode: ServerProcess | undefined;
    try {
      await waitForPort(port);
      bareNode = await spawnServer(['--import', 'tsx', 'bench/page-reference.ts'], (nodePort) => ({
        PORT: String(nodePort),
        ROOT: path.join(directory, 'site'),
      }));
      const reference = await loadWithWrk(`http://127.0.0.1:${port}`, urls, directory);
      const bareNodeLoad = await loadWithWrk(bareNode.url, urls, directory);
      const measured = await loadWithWrk(server.url, urls, directory);
      // The product against the framework's floor, a control (the product against itself), the metrics and tracing
      // on against off: each two fresh processes, interleaved rounds, judged on the server's CPU time per request
      // (decision 069). nginx and bare Node are idle meanwhile.
      const floor = await compareFresh({ off: fastifyFloor(path.join(directory, 'site')), on: product() }, urls, directory);
      const control = await compareFresh({ off: product(), on: product() }, urls, directory);
      const metrics = await compareFresh({ off: product(), on: product({ METRICS_TOKEN: 'bench-metrics-token-0123' }) }, urls, directory);
      const tracing = await compareTracing(urls, directory);
      const firstRead = await firstReadAfterSave(server.url, token, urls);
      const loopDelay = await eventLoopDelayWhileSaving(directory);
      const ratio = measured.requestsPerSecond / reference.requestsPerSecond;
      return [
        {
          name: `content pages (${urls.length} demo pages, gzip, wrk in its own process)`,
          value: measured.requestsPerSecond,
          unit: 'req/s',
          reference: { name: 'nginx gzip_static, the same bytes', value: reference.requestsPerSecond },
          ratio,
          target: 'ratio >= 0.5',
          isMet: ratio >= 0.5,
        },
        {
          name: 'content pages against the least a Node server does (the same bytes from memory, no framework, no log)',
          value: measured.requestsPerSecond,
          unit: 'req/s',
          reference: { name: 'bare Node http', value: bareNodeLoad.requestsPerSecond },
          ratio: measured.requestsPerSecond / bareNodeLoad.requestsPerSecond,
        },
        ...comparisonResults({
          name: "content pages against the framework's floor (Fastify, the product's log line and security headers, the same bytes from memory)",
          offName: 'Fastify floor',
          comparison: floor,
          targetRatio: 0.85,
        }),
        {
          name: 'the Fastify floor against bare Node http (what the framework and the log line cost)',
          value: floor.off.requestsPerSecond,
          unit: 'req/s',
          reference: { name: 'bare Node http', value: bareNodeLoad.requestsPerSecond },
          ratio: floor.off.requestsPerSecond / bareNodeLoad.requestsPerSecond,
        },
        {
          name: 'bare Node http against nginx (the platform, for scale)',
          value: bareNodeLoad.requestsPerSecond,
          unit: 'req/s',
          reference: { name: 'nginx gzip_static', value: reference.requestsPerSecond },
          ratio: bareNodeLoad.requestsPerSecond / reference.requestsPerSecond,
        },
        controlResult({ name: 'control: the content pages against a second process of the product alike', comparison: control }),
        ...comparisonResults({
          name: 'content pages with /metrics on (request histogram, page-cache counters) against the same with it off',
          offName: 'metrics off',
          comparison: metrics,
        }),
        ...comparisonResults({
          name: `content pages with tracing on (OpenTelemetry, exporting over OTLP/HTTP; pages are not traced; Node.js ${serverNodeVersion()}) against the same with it off`,
          offName: 'tracing off',
          comparison: tracing,
        }),
        { name: 'content pages p99 latency', value: measured.p99Ms, unit: 'ms', reference: { name: 'nginx p99', value: reference.p99Ms } },
        { name: 'first read of a page right after it is saved', value: firstRead, unit: 'ms', target: '< 100 ms', isMet: firstRead < 100 },
        {
          name: 'event loop: longest delay while pages are saved under load',
          value: loopDelay,
          unit: 'ms',
          target: '< 50 ms',
          isMet: loopDelay < 50,
        },
      ];
    } finally {
      nginx.kill('SIGTERM');
      await bareNode?.stop();
    }
  } finally {
    await server.close();
    await fs.rm(directory, { recursive: true, force: true });
  }
}

/**
 * Two configurations compared in fresh pairs of processes, each configuration judged by its best process
 * (bench/interleaved.ts, decision 073): each process warmed up with WARM_UP_SECONDS runs, then interleaved rounds
 * of ROUND_SECONDS, on the CPU time the process spent per request.
 */
const compareFresh = (start: Record<'off' | 'on', () => Promise<StartedProcess>>, urls: string[], directory: string): Promise<Comparison> =>
  compareFreshPairs({
    start,
    warmUp: (server) => loadWithWrk(server.url, urls, directory, WARM_UP_SECONDS),
    measure: (server) => loadAndCost(server, urls, directory, ROUND_SECONDS),
    warmUpRounds: WARM_UP_ROUNDS,
  });

const product = (env?: Record<string, string>) => () => startServerProcess({ isBuilt: true, env });

/** The framework's floor (bench/fastify-floor-reference.ts) serving the pages' bytes from `site`, as a fresh process. */
const fastifyFloor = (site: string) => async (): Promise<StartedProcess> => {
  const floor = await spawnServer(['--import', 'tsx', 'bench/fastify-floor-reference.ts'], (port) => ({ PORT: String(port), ROOT: site }));
  return { url: floor.url, pid: floor.pid, close: floor.stop };
};

/**
 * The product with tracing on against the same off (issue 27: at most 5 % more), sending to an endpoint that
 * accepts and drops the spans: the pages themselves are not traced, so this is what tracing's presence costs them
 * (decision 038).
 */
async function compareTracing(urls: string[], directory: string): Promise<Comparison> {
  const sink = await startOtlpSink();
  try {
    const comparison = await compareFresh({ off: product(), on: product({ OTEL_EXPORTER_OTLP_ENDPOINT: sink.url }) }, urls, directory);
    if (sink.exports() === 0) throw new Error('tracing on: no spans were exported');
    return comparison;
  } finally {
    await sink.close();
  }
}

function nginxConfig(directory: string, port: number): string {
  return `worker_processes 1; daemon off; pid ${directory}/nginx.pid; error_log ${directory}/error.log;
events { worker_connections 1024; }
http { access_log off; types { text/html html; } default_type text/html; gzip_static on;
  client_body_temp_path ${directory}; proxy_temp_path ${directory}; fastcgi_temp_path ${directory};
  uwsgi_temp_path ${directory}; scgi_temp_path ${directory};
  server { listen 127.0.0.1:${port}; root ${directory}/site; location / { try_files $uri/index.html =404; } } }`;
}

async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const isOpen = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (isOpen) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('nginx did not start');
}
