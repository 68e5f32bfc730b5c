import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { createRefusedCallers, type RateLimitHit } from './rate-limit.js';

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
