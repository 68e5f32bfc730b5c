import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startBenchServer } from './bench-server.js';
import { adminToken, get, loadWithWrk, publishedPageUrls, savePageWithMarker } from './page-requests.js';

/** Saves a page through the admin API and times the next read of it (the cache forgot it; it renders afresh). */
export async function firstReadAfterSave(base: string, token: string, urls: string[]): Promise<number> {
  const url = urls.find((candidate) => candidate.startsWith('/products/')) ?? urls[0]!;
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    await savePageWithMarker(base, token, url, String(round));
    const started = performance.now();
    const answer = await get(`${base}${url}`, { 'accept-encoding': 'gzip' });
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
  }
  return Math.max(...times);
}

/**
 * The product in this process (so its event loop can be watched), wrk loading its pages from its own process, and
 * a page saved every 100 ms meanwhile: the longest the event loop was held up.
 */
export async function eventLoopDelayWhileSaving(directory: string): Promise<number> {
  const server = await startBenchServer({ isServingWebApp: true });
  try {
    const token = await adminToken(server.url);
    const urls = await publishedPageUrls(server.url, token);
    const monitor = monitorEventLoopDelay({ resolution: 10 });
    monitor.enable();
    let isLoading = true;
    const load = loadWithWrk(server.url, urls, directory).finally(() => (isLoading = false));
    const saving = (async () => {
      for (let round = 0; isLoading; round++) {
        await savePageWithMarker(server.url, token, urls[round % urls.length]!, `save ${round}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await Promise.all([load, saving]);
    monitor.disable();
    return monitor.max / 1e6;
  } finally {
    await server.close();
  }
}
