import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/**
 * The least a Node server can do to answer the content pages (bench/content-page.bench.ts starts it in its own
 * process): the product's own gzip bytes of each page, read into memory at start, sent for their URL with the
 * headers nginx sends them with. One event loop, no framework, no log: the platform's ceiling for these bytes.
 *
 * Environment: PORT, ROOT (the folder nginx serves: `{url}/index.html.gz`).
 */
const root = process.env.ROOT!;
const pages = new Map<string, Buffer>();
const walk = (folder: string): void => {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name === 'index.html.gz') pages.set(`/${path.relative(root, folder)}`.replace(/\/$/, '') || '/', fs.readFileSync(full));
  }
};
walk(root);

const server = http.createServer((request, response) => {
  const body = pages.get((request.url ?? '/').replace(/\/$/, '') || '/');
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': body.length });
  response.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
