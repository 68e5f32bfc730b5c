import type { Queryable } from '../../db/client.js';
import { escapeLike } from '../../lib/list-request.js';

/**
 * The ids of the persons whose name or email contains a text: `pattern` is the statement's parameter holding the
 * lower-case LIKE pattern (`%text%`). Other domains' lists embed it in their one statement as a filter by owner
 * (through the persons' trigram index, migration 009), rather than reading the person table themselves.
 */
export const selectPersonIdsMatching = (pattern: string) =>
  `SELECT id FROM person WHERE lower(name) LIKE ${pattern} OR lower(email) LIKE ${pattern}`;

/**
 * How many persons the planner expects a name-or-email "contains" filter to match (no scan: EXPLAIN only). Other
 * lists that filter by person use it to choose between reading those persons' rows and walking their own order.
 */
export async function estimatePersonMatches(db: Queryable, text: string): Promise<number> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `EXPLAIN (FORMAT JSON) ${selectPersonIdsMatching('$1')}`,
    [pattern],
  );
  return rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
}
