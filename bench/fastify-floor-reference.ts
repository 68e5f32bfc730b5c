import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Fastify from 'fastify';
import { OneLinePerRequest, productLogger } from '../apps/server/src/app.js';
import { registerSecurityHeaders } from '../apps/server/src/plugins/security.js';

/**
 * The framework's floor for the content pages (issue 28; bench/content-page.bench.ts starts it in its own process):
 * Fastify as the product builds it — the product's logger settings writing one JSON line per request to standard
 * output, the product's security headers, the same keep-alive — answering the product's own gzip bytes of each
 * page from memory. What the product's content pages cost beyond this is the product's own code.
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

const app = Fastify({
  serverFactory: (handler) => {
    const server = http.createServer(handler);
    server.keepAliveTimeout = 72_000;
    return server;
  },
  logger: productLogger('info'),
  logController: new OneLinePerRequest(),
});
registerSecurityHeaders(app);
app.get('/api/health', async () => ({ status: 'ok' }));
app.get('/*', async (request, reply) => {
  const body = pages.get(request.url.replace(/\/$/, '') || '/');
  if (!body) return reply.code(404).send();
  return reply.type('text/html; charset=utf-8').header('content-encoding', 'gzip').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
