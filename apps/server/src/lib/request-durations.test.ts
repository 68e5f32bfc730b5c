import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurationHistogram } from './request-durations.js';

const buckets = [0.001, 0.0025, 0.005, 0.01, 0.1, 1];
const requests: [string, string, number, number][] = [
  ['GET', '/*', 200, 0.0004],
  ['GET', '/*', 200, 0.001],
  ['GET', '/*', 200, 0.003],
  ['GET', '/*', 304, 0.0002],
  ['POST', '/api/login/', 401, 0.02],
  ['GET', '/api/health', 200, 4],
  ['GET', '/*', 200, 0.5],
];

describe('RequestDurationHistogram', () => {
  it("scrapes as the same text as prom-client's own histogram given the same requests", async () => {
    const own = new Registry();
    const durations = new RequestDurationHistogram({ name: 'requests_seconds', help: 'Requests.', buckets, registers: [own] });
    const reference = new Registry();
    const histogram = new Histogram({
      name: 'requests_seconds',
      help: 'Requests.',
      labelNames: ['method', 'route', 'status'],
      buckets,
      registers: [reference],
    });
    for (const [method, route, status, seconds] of requests) {
      durations.record(method, route, status, seconds);
      histogram.observe({ method, route, status: String(status) }, seconds);
    }
    const text = await own.metrics();
    expect(text).toBe(await reference.metrics());
    expect(text).toContain('requests_seconds_bucket{le="0.001",method="GET",route="/*",status="200"} 2');
    expect(text).toContain('requests_seconds_count{method="GET",route="/*",status="200"} 4');
    expect(await Registry.merge([own, new Registry()]).metrics()).toBe(text);
  });

  it('starts over when reset', async () => {
    const own = new Registry();
    const durations = new RequestDurationHistogram({ name: 'requests_seconds', help: 'Requests.', buckets, registers: [own] });
    durations.record('GET', '/*', 200, 0.001);
    own.resetMetrics();
    expect(await own.metrics()).not.toContain('requests_seconds_count');
  });
});
