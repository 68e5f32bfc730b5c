import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { countHitInStatement, createRefusedCallers, type RateLimitHit } from './rate-limit.js';

const rule = { name: 'test-rule', limit: 2, windowSeconds: 60 };
const hit = (subject: string): RateLimitHit => ({ rule, subject });
const refusal = (retryAfterSeconds: number) => () =>
  Promise.reject(new AppError('tooManyRequests', 'Too many attempts.', retryAfterSeconds));

describe('createRefusedCallers', () => {
  it('refuses a refused caller again until its window ends, with the time left', async () => {
    let now = 1_000_000;
    const callers = createRefusedCallers(10, () => now);
    await expect(callers.remember(hit('10.0.0.1'), refusal(30))).rejects.toThrow(AppError);
    now += 10_500;
    expect(() => callers.refuseIfRefused(hit('10.0.0.1'))).toThrow(
      expect.objectContaining({ code: 'tooManyRequests', retryAfterSeconds: 20 }),
    );
    expect(() => callers.refuseIfRefused(hit('10.0.0.2'))).not.toThrow();
    now += 19_500;
    expect(() => callers.refuseIfRefused(hit('10.0.0.1'))).not.toThrow();
  });

  it('remembers only refusals over a limit, and answers what the work answers', async () => {
    const callers = createRefusedCallers(10, () => 0);
    await expect(callers.remember(hit('a'), () => Promise.resolve('done'))).resolves.toBe('done');
    await expect(callers.remember(hit('a'), () => Promise.reject(new AppError('badRequest', 'No.')))).rejects.toThrow('No.');
    expect(() => callers.refuseIfRefused(hit('a'))).not.toThrow();
  });

  it('holds at most its capacity, forgetting the longest-known caller first', async () => {
    const callers = createRefusedCallers(2, () => 0);
    for (const subject of ['a', 'b', 'c']) await callers.remember(hit(subject), refusal(60)).catch(() => undefined);
    expect(() => callers.refuseIfRefused(hit('a'))).not.toThrow();
    expect(() => callers.refuseIfRefused(hit('b'))).toThrow(AppError);
    expect(() => callers.refuseIfRefused(hit('c'))).toThrow(AppError);
  });
});

describe('countHitInStatement', () => {
  it("numbers the hit's parameters from the statement's next one and answers their values in that order", () => {
    const counted = countHitInStatement(hit('10.0.0.1'), 4);
    expect(counted.cte).toBe('hit AS (SELECT hits, retry_after FROM rate_limit_hit($4, $5))');
    expect(counted.isWithinLimit).toBe('hit.hits <= $6');
    expect(counted.columns).toContain('NOT (hit.hits <= $6) AS limit_is_over');
    expect(counted.values).toEqual(['test-rule:10.0.0.1', 60, 2]);
  });

  it('refuses with 429 and the time left when the statement counted the hit over the limit', () => {
    const counted = countHitInStatement(hit('a'), 1);
    expect(() => counted.refuseOverLimit({ limit_is_over: false, limit_retry_after: 30 })).not.toThrow();
    expect(() => counted.refuseOverLimit({ limit_is_over: true, limit_retry_after: 0 })).toThrow(
      expect.objectContaining({ code: 'tooManyRequests', retryAfterSeconds: 1 }),
    );
  });
});
