import type { Queryable } from '../db/client.js';
import { AppError } from './app-error.js';

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/** The limits of the calls anyone can make, per address and per IP (DESIGN §4). */
export const rateLimits = {
  loginFailuresPerAddress: { name: 'login-address', limit: 5, windowSeconds: 15 * 60 },
  loginPerIp: { name: 'login-ip', limit: 100, windowSeconds: 15 * 60 },
  registerPerIp: { name: 'register-ip', limit: 30, windowSeconds: 10 * 60 },
  registerPerAddress: { name: 'register-address', limit: 5, windowSeconds: 60 * 60 },
  passwordRequestPerAddress: { name: 'password-request-address', limit: 3, windowSeconds: 60 * 60 },
  passwordRequestPerIp: { name: 'password-request-ip', limit: 30, windowSeconds: 60 * 60 },
  mailPerAddress: { name: 'mail-address', limit: 5, windowSeconds: 60 * 60 },
  mailPerIp: { name: 'mail-ip', limit: 30, windowSeconds: 60 * 60 },
  unlockPerAddress: { name: 'unlock-address', limit: 10, windowSeconds: 15 * 60 },
  unlockPerIp: { name: 'unlock-ip', limit: 100, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

const tooMany = (retryAfterSeconds: number) =>
  new AppError('tooManyRequests', 'Too many attempts. Please wait a few minutes and try again.', retryAfterSeconds);

/** One hit of a rule for a subject, as the parameters of `rateLimitHitSql`. */
export type RateLimitHit = { rule: RateLimitRule; subject: string };

/** The parameters of `rateLimitHitSql`, in order: the counter's key and the window in seconds. */
export const rateLimitHitValues = ({ rule, subject }: RateLimitHit): [string, number] => [
  `${rule.name}:${subject.toLowerCase()}`,
  rule.windowSeconds,
];

/**
 * The statement counting a hit, with its two parameters at `$key` and `$window`; it answers `hits` and
 * `retry_after`. A hot path may run it as a CTE of its own first query (one round trip instead of two).
 */
export const rateLimitHitSql = (key: number, window: number) =>
  `INSERT INTO rate_limit AS r (key, window_start, hits) VALUES ($${key}, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start <= now() - make_interval(secs => $${window}) THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $${window}) THEN now() ELSE r.window_start END
     RETURNING hits, ceil(extract(epoch FROM r.window_start + make_interval(secs => $${window}) - now()))::int AS retry_after`;

/** Refuses with 429 when the counted hit passed the rule's limit. */
export function refuseOverLimit(rule: RateLimitRule, counted: { hits: number; retry_after: number } | undefined): void {
  if (counted && counted.hits > rule.limit) throw tooMany(Math.max(1, counted.retry_after));
}

/**
 * Counts one hit for `subject` under `rule` in a fixed window kept in PostgreSQL (so the limit holds across
 * processes) and refuses with 429 once the limit is passed.
 */
export async function hitRateLimit(db: Queryable, rule: RateLimitRule, subject: string): Promise<void> {
  const { rows } = await db.query<{ hits: number; retry_after: number }>({
    // Named (prepared once per connection): it runs before every login, registration and activation.
    name: 'rate-limit-hit',
    text: rateLimitHitSql(1, 2),
    values: rateLimitHitValues({ rule, subject }),
  });
  refuseOverLimit(rule, rows[0]);
}

/** Refuses with 429 when `subject` is already over `rule`, without counting a hit. */
export async function checkRateLimit(db: Queryable, rule: RateLimitRule, subject: string): Promise<void> {
  const { rows } = await db.query<{ hits: number; retry_after: number }>(
    `SELECT hits, ceil(extract(epoch FROM window_start + make_interval(secs => $2) - now()))::int AS retry_after
       FROM rate_limit WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`,
    [`${rule.name}:${subject.toLowerCase()}`, rule.windowSeconds],
  );
  const row = rows[0];
  if (row && row.hits >= rule.limit) throw tooMany(Math.max(1, row.retry_after));
}
