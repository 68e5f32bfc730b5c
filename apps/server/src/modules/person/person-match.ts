import type { Queryable } from '../../db/client.js';
import { escapeLike } from '../../lib/list-request.js';

/**
 * How many persons the planner expects a name-or-email "contains" filter to match (no scan: EXPLAIN only). Other
 * lists that filter by person use it to choose between reading those persons' rows and walking their own order.
 */
export async function estimatePersonMatches(db: Queryable, text: string): Promise<number> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    'EXPLAIN (FORMAT JSON) SELECT id FROM person WHERE lower(name) LIKE $1 OR lower(email) LIKE $1',
    [pattern],
  );
  return rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
}
