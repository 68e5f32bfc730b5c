import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { BenchResult } from './bench-result.js';
import { freePort, startServerProcess } from './bench-server.js';

const NGINX = '/usr/sbin/nginx';
const DURATION_SECONDS = 8;

/**
 * Requests per second for a server-rendered content page against the same bytes served as a static file by
 * nginx in the same run (target ratio at least 0.5).
 */
export default async function run(): Promise<BenchResult[]> {
  if (spawnSync(NGINX, ['-v']).status !== 0) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const server = await startServerProcess();
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'store-bench-nginx-'));
  try {
    const html = await (await fetch(`${server.url}/products/spacey`)).text();
    if (!html.includes('<shop-price')) throw new Error('the content page did not render (is the web app built?)');
    await fs.writeFile(path.join(directory, 'page.html'), html);
    const port = await freePort();
    await fs.writeFile(
      path.join(directory, 'nginx.conf'),
      `worker_processes 1; daemon off; pid ${directory}/nginx.pid; error_log ${directory}/error.log;
events { worker_connections 1024; }
http { access_log off; types { text/html html; } default_type text/html;
  client_body_temp_path ${directory}; proxy_temp_path ${directory}; fastcgi_temp_path ${directory};
  uwsgi_temp_path ${directory}; scgi_temp_path ${directory};
  server { listen 127.0.0.1:${port}; root ${directory}; location / { try_files /page.html =404; } } }`,
    );
    const nginx = spawn(NGINX, ['-c', path.join(directory, 'nginx.conf'), '-p', directory], { stdio: 'ignore' });
    await waitForPort(port);
    try {
      const reference = await requestsPerSecond(`http://127.0.0.1:${port}/products/spacey`);
      const measured = await requestsPerSecond(`${server.url}/products/spacey`);
      const ratio = measured / reference;
      return [
        {
          name: 'content page (server-rendered)',
          value: measured,
          unit: 'req/s',
          reference: { name: 'nginx static file', value: reference },
          ratio,
          target: 'ratio >= 0.5',
          isMet: ratio >= 0.5,
        },
      ];
    } finally {
      nginx.kill('SIGTERM');
    }
  } finally {
    await server.close();
    await fs.rm(directory, { recursive: true, force: true });
  }
}

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 20, duration: DURATION_SECONDS, headers: { 'accept-encoding': 'gzip' } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const isOpen = await new Promise<boolean>((resolve) => {
      fetch(`http://127.0.0.1:${port}/`).then(() => resolve(true), () => resolve(false));
    });
    if (isOpen) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('nginx did not start');
}
