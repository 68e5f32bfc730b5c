import type { BenchResult } from './bench-result.js';
import { mulberry32, POSTGRES_DEFAULT_SHARED_BUFFERS_MB, prepareLargeSeed, summarizeMix, timeCalls, withAdminApp } from './large-seed.js';

const REQUESTS = 600;
const WARM_UP_REQUESTS = 30;
const TARGET_MS = 50;

/**
 * The admin persons list at scale (decision 007): on the large seed (1,000,000 persons, 2,000,000 orders), times
 * GET /api/person/ with varied filters, sorts and pages through the whole app (auth, validation, SQL,
 * serialisation), one call after another. First with the embedded server as the product ships it (its buffer
 * cache sized from the machine's memory, config.ts), where p95 and every query's p99 must stay under 50 ms; then
 * with PostgreSQL's own default of 128 MB, what an external server nobody tuned has, for comparison.
 */
export default async function run(): Promise<BenchResult[]> {
  const seed = await prepareLargeSeed();
  try {
    const calls = listQueries(REQUESTS + WARM_UP_REQUESTS, seed.persons).map((query) => `/api/person/?${query}`);
    const shipped = await withAdminApp(seed, 'shipped', async (admin) => ({
      buffers: admin.sharedBuffersMb,
      timings: await timeCalls(admin, calls, WARM_UP_REQUESTS),
    }));
    const untuned = await withAdminApp(seed, POSTGRES_DEFAULT_SHARED_BUFFERS_MB, (admin) => timeCalls(admin, calls, WARM_UP_REQUESTS));
    return [
      { name: `large seed (${seed.persons} persons, ${seed.orders} orders)`, value: seed.seconds, unit: 's' },
      ...summarizeMix(`persons list, as shipped (shared_buffers ${shipped.buffers} MB)`, shipped.timings, TARGET_MS),
      ...summarizeMix(`persons list, PostgreSQL's default shared_buffers ${POSTGRES_DEFAULT_SHARED_BUFFERS_MB} MB`, untuned),
    ];
  } finally {
    await seed.close();
  }
}

/**
 * Reproducible list calls like an administrator's: filters on the table's columns (id, email, name; broad ones
 * such as "gmail" or a common surname and narrow ones such as part of an address), every sort, mostly the first
 * page, some further pages, and the "last page" button of the whole list.
 */
function listQueries(count: number, totalPersons: number): string[] {
  const filters: Record<string, string>[] = [
    {},
    {},
    {},
    { email: 'gmail' },
    { email: 'olsen' },
    { email: '4711' },
    { email: 'felix.weber12' },
    { email: 'anna.meier' },
    { email: '@proton.me' },
    { name: 'meier' },
    { name: 'anna' },
    { name: 'smith' },
    { name: 'emma rossi' },
    { name: 'kenji tan' },
    { name: 'lena', email: 'proton' },
    { id: '424242' },
  ];
  const sorts = ['id', 'email', 'name'];
  const pageSizes = [10, 20, 50];
  const random = mulberry32(42);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  return Array.from({ length: count }, () => {
    const filter = pick(filters);
    const pageSize = pick(pageSizes);
    const isUnfiltered = Object.keys(filter).length === 0;
    const kind = random();
    const page = kind < 0.6 ? 0 : kind < 0.9 || !isUnfiltered ? 1 + Math.floor(random() * 9) : Math.ceil(totalPersons / pageSize) - 1;
    const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize), sort: pick(sorts), desc: String(random() < 0.5) });
    if (!isUnfiltered) params.set('filter', JSON.stringify(filter));
    return params.toString();
  });
}
