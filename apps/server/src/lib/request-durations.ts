import { Histogram, type Registry } from 'prom-client';

type Series = { labels: { method: string; route: string; status: string }; counts: number[]; sum: number; count: number };

/**
 * The request-duration histogram of /metrics (plugins/metrics.ts), by method, route pattern and status: prom-client's
 * Histogram to the scraper, counted on each request without it. prom-client's `observe` (its labelled children's
 * too) checks the label names and joins them into a key on every call, about a microsecond, 2 % of a content page;
 * here a request costs three map lookups, a bucket search and three additions, and the text is made when scraped
 * (decision 069). What `get` answers has the shape of prom-client's own (`request-durations.test.ts` compares).
 */
export class RequestDurationHistogram extends Histogram {
  /** By route, method and status; made on the first request (prom-client's constructor calls `reset` before it exists). */
  private series: Map<string, Map<string, Map<number, Series>>> | undefined;
  private readonly metricName: string;
  private readonly upperBounds: number[];
  /** An unregistered, never observed twin: the name, help, type and aggregator of what `get` answers. */
  private readonly shape: Histogram;

  constructor(options: { name: string; help: string; buckets: number[]; registers: Registry[] }) {
    super({ ...options, labelNames: ['method', 'route', 'status'] });
    this.metricName = options.name;
    this.upperBounds = [...options.buckets].sort((a, b) => a - b);
    this.shape = new Histogram({ ...options, labelNames: ['method', 'route', 'status'], registers: [] });
  }

  /** Counts one answered request that took `seconds`. */
  record(method: string, route: string, status: number, seconds: number): void {
    const all = (this.series ??= new Map<string, Map<string, Map<number, Series>>>());
    let byMethod = all.get(route);
    if (!byMethod) all.set(route, (byMethod = new Map<string, Map<number, Series>>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map<number, Series>()));
    let series = byStatus.get(status);
    if (!series) {
      series = { labels: { method, route, status: String(status) }, counts: this.upperBounds.map(() => 0), sum: 0, count: 0 };
      byStatus.set(status, series);
    }
    const bucket = this.upperBounds.findIndex((bound) => seconds <= bound);
    if (bucket >= 0) series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  override async get(): ReturnType<Histogram['get']> {
    const base = await this.shape.get();
    const values: typeof base.values = [];
    for (const byMethod of this.series?.values() ?? []) {
      for (const byStatus of byMethod.values()) {
        for (const { labels, counts, sum, count } of byStatus.values()) {
          let cumulative = 0;
          this.upperBounds.forEach((bound, index) => {
            cumulative += counts[index]!;
            values.push({ metricName: `${this.metricName}_bucket`, labels: { le: bound, ...labels }, value: cumulative });
          });
          values.push({ metricName: `${this.metricName}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
          values.push({ metricName: `${this.metricName}_sum`, labels, value: sum });
          values.push({ metricName: `${this.metricName}_count`, labels, value: count });
        }
      }
    }
    return { ...base, values };
  }

  /**
   * What prom-client's registry reads to write the text (its Histogram has this besides `get`; the test compares the
   * text with prom-client's own histogram's, so a change of that inside prom-client fails it).
   */
  getForPromString(): ReturnType<Histogram['get']> {
    return this.get();
  }

  override reset(): void {
    this.series = undefined;
    super.reset();
  }
}
