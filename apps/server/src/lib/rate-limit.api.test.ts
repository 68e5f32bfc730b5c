import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { createTaskList } from '../jobs/job-runner.js';
import { countHitInStatement, hitRateLimit, purgeOldRateLimitWindows, type CountedHitColumns } from './rate-limit.js';

const t = await createTestApp();
const rule = (limit: number) => ({ name: `test-${randomBytes(4).toString('hex')}`, limit, windowSeconds: 60 });
const hitsOf = async (key: string) =>
  (await t.db.query<{ hits: number }>('SELECT hits FROM rate_limit WHERE key = $1', [key])).rows[0]?.hits;

describe('a hit counted inside a statement of its own (countHitInStatement)', () => {
  it("numbers its parameters after the statement's own, does the statement's work only within the limit, and refuses over it", async () => {
    const limited = rule(2);
    const run = async () => {
      const counted = countHitInStatement({ rule: limited, subject: 'Caller' }, 3);
      const { rows } = await t.db.query<CountedHitColumns & { work: string | null }>(
        `WITH ${counted.cte}
         SELECT ${counted.columns}, work.text AS work
           FROM hit LEFT JOIN (SELECT $1::text || $2::text AS text) AS work ON ${counted.isWithinLimit}`,
        ['wo', 'rk', ...counted.values],
      );
      counted.refuseOverLimit(rows[0]);
      return rows[0]!.work;
    };
    expect(await run()).toBe('work');
    expect(await run()).toBe('work');
    await expect(run()).rejects.toMatchObject({ code: 'tooManyRequests', retryAfterSeconds: expect.any(Number) });
    // The subject's case makes no second counter.
    expect(await hitsOf(`${limited.name}:caller`)).toBe(3);
  });

  it('is the one rule of hitRateLimit too: the limit is allowed, the hit past it refused', async () => {
    const limited = rule(1);
    await hitRateLimit(t.db, limited, 'someone');
    await expect(hitRateLimit(t.db, limited, 'SOMEONE')).rejects.toMatchObject({ code: 'tooManyRequests' });
  });
});

describe('purgeOldRateLimitWindows', () => {
  it('deletes the counters of windows that ended over a day ago, as the hourly clean-up job', async () => {
    const [old, recent] = [rule(5), rule(5)];
    await hitRateLimit(t.db, old, 'a');
    await hitRateLimit(t.db, recent, 'a');
    await t.db.query(`UPDATE rate_limit SET window_start = now() - interval '25 hours' WHERE key = $1`, [`${old.name}:a`]);
    await purgeOldRateLimitWindows(t.db);
    expect(await hitsOf(`${old.name}:a`)).toBeUndefined();
    expect(await hitsOf(`${recent.name}:a`)).toBe(1);

    await hitRateLimit(t.db, old, 'b');
    await t.db.query(`UPDATE rate_limit SET window_start = now() - interval '25 hours' WHERE key = $1`, [`${old.name}:b`]);
    await createTaskList({ db: t.db, config: t.config, log: t.app.log }).purge_old_rate_limit_windows!({}, {} as never);
    expect(await hitsOf(`${old.name}:b`)).toBeUndefined();
  });
});
