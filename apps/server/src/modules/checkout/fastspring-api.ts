import { deriveKey } from '../../lib/derived-key.js';
import type { Config } from '../../config.js';
import { isSandboxCheckout } from '../../config.js';

/** One page of `GET /orders` (docs/fastspring.md): the records and the next page, if any. */
export type LookupPage = { records: Record<string, unknown>[]; nextPage: number | null };
type DayRange = { begin: string; end: string; page: number };

export type FastSpringApi = {
  /** Orders completed on the days [begin, end] (YYYY-MM-DD, UTC), one page. */
  listOrders: (options: DayRange) => Promise<LookupPage>;
  /** Orders of the days [begin, end] that have returns (`returns=true`), one page; each names its returns. */
  listOrdersWithReturns: (options: DayRange) => Promise<LookupPage>;
  /** Returns by id (`GET /returns/{id1},{id2},…`), as FastSpring keeps them. */
  getReturns: (ids: readonly string[]) => Promise<Record<string, unknown>[]>;
};

const PAGE_SIZE = 50;

const recordsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((record): record is Record<string, unknown> => typeof record === 'object' && record !== null) : [];

/**
 * FastSpring's API with the configured API user (basic auth). `baseUrl` is FASTSPRING_API_URL, or with the
 * sandbox on, the sandbox's own copy under the site's origin (`{origin}/sandbox/fastspring-api`).
 */
export function createFastSpringApi(options: { baseUrl: string; user: string; password: string; fetch?: typeof fetch }): FastSpringApi {
  const send = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`;
  const get = async (path: string, params?: URLSearchParams): Promise<Record<string, unknown>> => {
    const query = params ? `?${params.toString()}` : '';
    const response = await send(`${options.baseUrl.replace(/\/$/, '')}${path}${query}`, {
      headers: { authorization, accept: 'application/json' },
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`FastSpring GET ${path} answered HTTP ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const listOrders = async (query: DayRange, filter: Record<string, string> = {}): Promise<LookupPage> => {
    const params = new URLSearchParams({
      begin: query.begin,
      end: query.end,
      ...filter,
      limit: String(PAGE_SIZE),
      page: String(query.page),
    });
    const body = await get('/orders', params);
    const records = recordsOf(body.orders);
    return { records, nextPage: typeof body.nextPage === 'number' && records.length > 0 ? body.nextPage : null };
  };
  return {
    listOrders: (query) => listOrders(query),
    listOrdersWithReturns: (query) => listOrders(query, { returns: 'true' }),
    getReturns: async (ids) =>
      ids.length === 0 ? [] : recordsOf((await get(`/returns/${ids.map(encodeURIComponent).join(',')}`)).returns),
  };
}

/** The configured API user of FastSpring's API (FASTSPRING_API_USER and FASTSPRING_API_PASSWORD), if both are set. */
export const apiUserOf = (config: Config): { user: string; password: string } | undefined =>
  config.FASTSPRING_API_USER && config.FASTSPRING_API_PASSWORD
    ? { user: config.FASTSPRING_API_USER, password: config.FASTSPRING_API_PASSWORD }
    : undefined;

/** Whether the configuration names an API to ask: the sandbox's copy, or FastSpring's with an API user. */
export const hasFastSpringApi = (config: Config): boolean => isSandboxCheckout(config) || apiUserOf(config) !== undefined;

/**
 * The API the configuration names (`hasFastSpringApi`): the sandbox's copy at `origin` (none without one), FastSpring
 * with the API user, or none.
 */
export function fastSpringApiOf(config: Config, origin: string | undefined): FastSpringApi | undefined {
  if (isSandboxCheckout(config)) {
    if (!origin) return undefined;
    return createFastSpringApi({ baseUrl: `${origin}/sandbox/fastspring-api`, ...sandboxApiUserOf(config) });
  }
  const apiUser = apiUserOf(config);
  return apiUser ? createFastSpringApi({ baseUrl: config.FASTSPRING_API_URL, ...apiUser }) : undefined;
}

/**
 * The API user of the sandbox's copy of FastSpring's API: a password derived from KEY_ENCRYPTION_SECRET, so only
 * this installation's own processes read the sandbox's sales (their buyers' addresses among them).
 */
export function sandboxApiUserOf(config: Config): { user: string; password: string } {
  if (!config.KEY_ENCRYPTION_SECRET) throw new Error('KEY_ENCRYPTION_SECRET is missing');
  return { user: 'sandbox', password: deriveKey(config.KEY_ENCRYPTION_SECRET, 'sandbox-api-user').toString('base64url') };
}
