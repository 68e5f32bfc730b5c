import { deriveKey } from '../../lib/derived-key.js';
import type { Config } from '../../config.js';
import { isSandboxCheckout } from '../../config.js';

/** One page of `GET /orders` or `GET /returns` (docs/fastspring.md): the records and the next page, if any. */
export type LookupPage = { records: Record<string, unknown>[]; nextPage: number | null };

export type FastSpringApi = {
  /** Orders completed on the days [begin, end] (YYYY-MM-DD, UTC), one page. */
  listOrders: (options: { begin: string; end: string; page: number }) => Promise<LookupPage>;
  /** Returns made on the days [begin, end], one page. */
  listReturns: (options: { begin: string; end: string; page: number }) => Promise<LookupPage>;
};

const PAGE_SIZE = 50;

/**
 * FastSpring's API with the configured API user (basic auth). `baseUrl` is FASTSPRING_API_URL, or with the
 * sandbox on, the sandbox's own copy under the site's origin (`{origin}/sandbox/fastspring-api`).
 */
export function createFastSpringApi(options: { baseUrl: string; user: string; password: string; fetch?: typeof fetch }): FastSpringApi {
  const send = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`;
  const lookup = async (resource: 'orders' | 'returns', query: { begin: string; end: string; page: number }): Promise<LookupPage> => {
    const params = new URLSearchParams({ begin: query.begin, end: query.end, limit: String(PAGE_SIZE), page: String(query.page) });
    const response = await send(`${options.baseUrl.replace(/\/$/, '')}/${resource}?${params.toString()}`, {
      headers: { authorization, accept: 'application/json' },
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`FastSpring GET /${resource} answered HTTP ${response.status}`);
    const body = (await response.json()) as Record<string, unknown>;
    const records = Array.isArray(body[resource]) ? (body[resource] as unknown[]) : [];
    return {
      records: records.filter((record): record is Record<string, unknown> => typeof record === 'object' && record !== null),
      nextPage: typeof body.nextPage === 'number' && records.length > 0 ? body.nextPage : null,
    };
  };
  return { listOrders: (query) => lookup('orders', query), listReturns: (query) => lookup('returns', query) };
}

/** The API the configuration names: the sandbox's copy at `origin`, FastSpring with the API user, or none. */
export function fastSpringApiOf(config: Config, origin: string | undefined): FastSpringApi | undefined {
  if (isSandboxCheckout(config)) {
    if (!origin) return undefined;
    return createFastSpringApi({ baseUrl: `${origin}/sandbox/fastspring-api`, ...sandboxApiUserOf(config) });
  }
  if (!config.FASTSPRING_API_USER || !config.FASTSPRING_API_PASSWORD) return undefined;
  return createFastSpringApi({
    baseUrl: config.FASTSPRING_API_URL,
    user: config.FASTSPRING_API_USER,
    password: config.FASTSPRING_API_PASSWORD,
  });
}

/**
 * The API user of the sandbox's copy of FastSpring's API: a password derived from KEY_ENCRYPTION_SECRET, so only
 * this installation's own processes read the sandbox's sales (their buyers' addresses among them).
 */
export function sandboxApiUserOf(config: Config): { user: string; password: string } {
  if (!config.KEY_ENCRYPTION_SECRET) throw new Error('KEY_ENCRYPTION_SECRET is missing');
  return { user: 'sandbox', password: deriveKey(config.KEY_ENCRYPTION_SECRET, 'sandbox-api-user').toString('base64url') };
}
