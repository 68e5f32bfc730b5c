import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { BENCH_ADMIN_PASSWORD } from './bench-server.js';
import { measureCostedRun, type CostedRun } from './process-cpu.js';
import { runWrk, WRK_RESULT_LUA, type WrkResult } from './wrk.js';

/** How the content-page benchmarks load pages: seconds of a measured run, wrk's connections. */
const DURATION_SECONDS = 8;
const CONNECTIONS = 20;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** wrk, one thread, the URLs in turn, `Accept-Encoding: gzip`: requests per second and p99 latency. */
export async function loadWithWrk(base: string, urls: string[], directory: string, seconds = DURATION_SECONDS): Promise<WrkResult> {
  const script = path.join(directory, 'pages.lua');
  await fs.writeFile(
    script,
    `local paths = { ${urls.map((url) => JSON.stringify(url)).join(', ')} }
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ["Accept-Encoding"] = "gzip" })
end
${WRK_RESULT_LUA}`,
  );
  return runWrk({ url: base, script, connections: CONNECTIONS, seconds });
}

/** loadWithWrk against a server process, with the CPU time that process spent per request (bench/process-cpu.ts). */
export function loadAndCost(server: { url: string; pid: number }, urls: string[], directory: string, seconds?: number): Promise<CostedRun> {
  return measureCostedRun(server.pid, () => loadWithWrk(server.url, urls, directory, seconds));
}

export async function adminToken(base: string): Promise<string> {
  const login = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`admin login: ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

/** Every published page of the demo, by its own URL. */
export async function publishedPageUrls(base: string, token: string): Promise<string[]> {
  const pages = (await (await fetch(`${base}/api/page/`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    url: string;
    isPublished?: boolean;
  }[];
  return pages.filter((page) => page.isPublished !== false && page.url !== '/notExists').map((page) => page.url);
}

export function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** Saves a page through the admin API with a marker appended to its text, so the page cache must forget it. */
export async function savePageWithMarker(base: string, token: string, url: string, marker: string): Promise<void> {
  const page = (await (await fetch(`${base}/api/page/byUrl/${url.replace(/\//g, '*')}`)).json()) as Record<string, unknown>;
  const saved = await fetch(`${base}/api/page/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...page, htmlText: `${String(page.htmlText)}<!-- ${marker} -->` }),
  });
  if (!saved.ok) throw new Error(`saving ${url}: ${saved.status}`);
}
