import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics (issue 27), in Prometheus' text format at GET /metrics when it is configured
 * (plugins/metrics.ts). The counters below are incremented where the work happens whether or not /metrics is on:
 * each costs an addition; what costs more (the request histogram, timing the signing pool, the page cache's hits)
 * is only measured when /metrics is on.
 */
export const metricsRegistry = new Registry();

export const webhookEvents = new Counter({
  name: 'store_webhook_events_total',
  help: 'FastSpring webhook events, by what became of them: received (stored), processed, attention (accepted, a person must settle it), failed (FastSpring retries).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const licenceIssueDelay = new Histogram({
  name: 'store_licence_issue_delay_seconds',
  help: "Time from FastSpring's order.completed event (its `created`) to the licences issued.",
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600],
  registers: [metricsRegistry],
});

export const mailDeliveries = new Counter({
  name: 'store_mail_deliveries_total',
  help: 'Mail delivery attempts over SMTP, by outcome: sent, retry (failed, tried again later), failed (for good).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const jobRuns = new Counter({
  name: 'store_jobs_total',
  help: "The job queue's job runs in this process, by task and outcome (success, failure: retried with back-off until its attempts run out; recovered: a lost worker pool's job this process handed back to the queue).",
  labelNames: ['task', 'outcome'] as const,
  registers: [metricsRegistry],
});

let isCollectingNodeMetrics = false;
/** Node.js's own metrics (event loop lag, heap, garbage collection), once per process, when /metrics is on. */
export function collectNodeMetrics(): void {
  if (isCollectingNodeMetrics) return;
  isCollectingNodeMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** Records what became of an order.completed event whose licences were issued, from FastSpring's `created` (ms). */
export function observeLicencesIssued(eventCreatedMs: number | undefined): void {
  if (eventCreatedMs === undefined || !Number.isFinite(eventCreatedMs)) return;
  licenceIssueDelay.observe(Math.max(0, (Date.now() - eventCreatedMs) / 1000));
}

export { Counter, Gauge, Histogram, Registry };
