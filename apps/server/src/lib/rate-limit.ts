import { canonicalLoginName } from '@store/contracts/email-address';
import type { Queryable } from '../db/client.js';
import { AppError } from './app-error.js';

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/**
 * The limits of the calls anyone can make (docs/SECURITY.md). They throttle the caller (its IP, the browser's
 * device cookie, or the plug-in's registered computer), never the owner: the per-account ceiling applies only to
 * callers without a device cookie of that login or a computer on the address's licences, and the windows of the
 * limits a stranger can fill for someone else's address are minutes, not hours.
 */
export const rateLimits = {
  /** Every login and plug-in unlock attempt of one IP. */
  loginPerIp: { name: 'login-ip', limit: 100, windowSeconds: 15 * 60 },
  /** Wrong passwords from one IP, whatever the account. */
  loginFailuresPerIp: { name: 'login-failures-ip', limit: 30, windowSeconds: 15 * 60 },
  /** Wrong passwords for one account from callers without its device cookie (the per-account ceiling). */
  loginFailuresPerAccount: { name: 'login-failures-account', limit: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords from one device cookie; past it the cookie counts as no cookie. */
  loginFailuresPerDevice: { name: 'login-failures-device', limit: 5, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords of the plug-in unlock from one computer already registered on the address's licences (a
   * known computer, decision 031); past it the computer counts as unknown.
   */
  loginFailuresPerComputer: { name: 'login-failures-computer', limit: 5, windowSeconds: 15 * 60 },
  registerPerIp: { name: 'register-ip', limit: 30, windowSeconds: 10 * 60 },
  registerPerAddress: { name: 'register-address', limit: 5, windowSeconds: 60 * 60 },
  passwordRequestPerAddress: { name: 'password-request-address', limit: 3, windowSeconds: 10 * 60 },
  passwordRequestPerIp: { name: 'password-request-ip', limit: 20, windowSeconds: 60 * 60 },
  mailPerAddress: { name: 'mail-address', limit: 3, windowSeconds: 10 * 60 },
  mailPerIp: { name: 'mail-ip', limit: 30, windowSeconds: 60 * 60 },
  /** Confirmation links a signed-in login asks to be sent again. */
  accountLinkPerLogin: { name: 'account-link-login', limit: 3, windowSeconds: 10 * 60 },
  /** Checkout sandbox: carts priced and opened for payment, and test orders paid, per client IP. */
  sandboxSessionPerIp: { name: 'sandbox-session-ip', limit: 120, windowSeconds: 60 * 60 },
  sandboxPaymentPerIp: { name: 'sandbox-payment-ip', limit: 20, windowSeconds: 60 * 60 },
  /** Uses of mailed links (confirmation, purchase): tokens are 256-bit, this only bounds the work. */
  accountLinkUsePerIp: { name: 'account-link-use-ip', limit: 30, windowSeconds: 15 * 60 },
  /** Links to public installers (the trial builds) handed to visitors without a login (decision 035). */
  publicDownloadPerIp: { name: 'public-download-ip', limit: 30, windowSeconds: 60 * 60 },
  /** Calls of the script API with one API key (decision 052). */
  apiKeyCallsPerKey: { name: 'api-key-calls', limit: 600, windowSeconds: 60 },
  /** Script API calls with a token that is no valid key, per IP. */
  apiKeyFailuresPerIp: { name: 'api-key-failures-ip', limit: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

const tooMany = (retryAfterSeconds: number) =>
  new AppError('tooManyRequests', 'Too many attempts. Please wait a few minutes and try again.', retryAfterSeconds);

/** One hit of a rule for a subject. */
export type RateLimitHit = { rule: RateLimitRule; subject: string };

/** The counter's key of a hit: the rule's name and the subject, whose case never makes a second counter. */
/**
 * The subject of a limit per address or account: the name's canonical form (decision 030), so that every spelling of
 * one login (a Unicode or punycode domain, a decomposed accent, upper-case ASCII) meets one counter; text that is no
 * accepted address, trimmed and in lower case.
 */
export const addressSubject = (address: string): string => canonicalLoginName(address.trim()) ?? address.trim().toLowerCase();

const keyOf = ({ rule, subject }: RateLimitHit) => `${rule.name}:${subject.toLowerCase()}`;

/** The columns a statement that counted a hit answers with (countHitInStatement's `columns`). */
export type CountedHitColumns = { limit_is_over: boolean; limit_retry_after: number };

/**
 * One hit counted inside a statement of the caller's (the plug-in registration's: decision 028), so the count
 * costs no round trip of its own. The statement puts `cte` in its WITH list (the CTE `hit`: the counter after
 * this hit, one row), answers `columns` in every row (read `FROM hit LEFT JOIN … ON true`, so a statement that
 * finds nothing still answers the count), may do its work only where `isWithinLimit` holds, and appends
 * `values` to its own: they are numbered from `firstParameter`, the statement's next parameter number.
 */
type HitInStatement = {
  cte: string;
  columns: string;
  isWithinLimit: string;
  values: [key: string, windowSeconds: number, limit: number];
  /** Refuses with 429 when the statement's answer (any of its rows) counted the hit over the limit. */
  refuseOverLimit: (counted: CountedHitColumns | undefined) => void;
};

export function countHitInStatement(hit: RateLimitHit, firstParameter: number): HitInStatement {
  const parameter = (offset: number) => `$${firstParameter + offset}`;
  // The one rule of every limit: a hit is allowed while its window's hits, this one counted, are at most the limit.
  const isWithinLimit = `hit.hits <= ${parameter(2)}`;
  return {
    cte: `hit AS (SELECT hits, retry_after FROM rate_limit_hit(${parameter(0)}, ${parameter(1)}))`,
    columns: `NOT (${isWithinLimit}) AS limit_is_over, hit.retry_after AS limit_retry_after`,
    isWithinLimit,
    values: [keyOf(hit), hit.rule.windowSeconds, hit.rule.limit],
    refuseOverLimit: (counted) => {
      if (counted?.limit_is_over) throw tooMany(Math.max(1, counted.limit_retry_after));
    },
  };
}

/**
 * The callers this process refused with 429, each until its window ends, so work that a limit protects is not
 * done for them again (the plug-in registration signs before its one statement counts the hit). Refusing from
 * memory answers what the database would: a fixed window over its limit stays over it until it ends. It holds at
 * most `capacity` callers, forgetting the longest-known first; a forgotten one is counted by the database again.
 */
export type RefusedCallers = {
  /** Refuses with 429 when the hit's caller was refused and its window has not ended. */
  refuseIfRefused: (hit: RateLimitHit) => void;
  /** Runs `work`, remembering its caller when it is refused with 429. */
  remember: <T>(hit: RateLimitHit, work: () => Promise<T>) => Promise<T>;
};

export function createRefusedCallers(capacity = 10_000, now: () => number = Date.now): RefusedCallers {
  const refusedUntil = new Map<string, number>();
  return {
    refuseIfRefused: (hit) => {
      const key = keyOf(hit);
      const until = refusedUntil.get(key);
      if (until === undefined) return;
      const remainingMs = until - now();
      if (remainingMs <= 0) refusedUntil.delete(key);
      else throw tooMany(Math.ceil(remainingMs / 1000));
    },
    remember: async (hit, work) => {
      try {
        return await work();
      } catch (error) {
        if (error instanceof AppError && error.code === 'tooManyRequests' && error.retryAfterSeconds !== undefined) {
          const key = keyOf(hit);
          refusedUntil.delete(key);
          if (refusedUntil.size >= capacity) refusedUntil.delete(refusedUntil.keys().next().value!);
          refusedUntil.set(key, now() + error.retryAfterSeconds * 1000);
        }
        throw error;
      }
    },
  };
}

/**
 * Counts one hit for `subject` under `rule` in a fixed window kept in PostgreSQL (so the limit holds across
 * processes) and refuses with 429 once the limit is passed.
 */
export async function hitRateLimit(db: Queryable, rule: RateLimitRule, subject: string): Promise<void> {
  const counted = countHitInStatement({ rule, subject }, 1);
  const { rows } = await db.query<CountedHitColumns>({
    // Named (prepared once per connection): it runs before every login, registration and activation.
    name: 'rate-limit-hit',
    text: `WITH ${counted.cte} SELECT ${counted.columns} FROM hit`,
    values: counted.values,
  });
  counted.refuseOverLimit(rows[0]);
}

/** Refuses with 429 when `subject` is already over `rule`, without counting a hit. */
export async function checkRateLimit(db: Queryable, rule: RateLimitRule, subject: string): Promise<void> {
  const { rows } = await db.query<{ hits: number; retry_after: number }>(
    `SELECT hits, ceil(extract(epoch FROM window_start + make_interval(secs => $2) - now()))::int AS retry_after
       FROM rate_limit WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`,
    [keyOf({ rule, subject }), rule.windowSeconds],
  );
  const row = rows[0];
  if (row && row.hits >= rule.limit) throw tooMany(Math.max(1, row.retry_after));
}

/** Deletes the counters of windows that ended long ago (every window is at most an hour): an hourly job. */
export async function purgeOldRateLimitWindows(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM rate_limit WHERE window_start < now() - interval '1 day'`);
}

/**
 * Forgets the counters keyed to an address (an erased person's, docs/PRIVACY.md): those whose subject is the address,
 * or holds it between colons (`support:{address}`, a known computer's `{address}:{Device ID}`). Answers how many.
 */
export async function forgetRateLimitsOfAddress(db: Queryable, address: string): Promise<number> {
  if (address.trim() === '') return 0;
  const escaped = addressSubject(address)
    .toLowerCase()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const result = await db.query('DELETE FROM rate_limit WHERE key ~ $1', [`:${escaped}(:|$)`]);
  return result.rowCount ?? 0;
}
