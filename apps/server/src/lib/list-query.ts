import type { Paged } from '@store/contracts/list';
import { withTransaction, type Db, type Queryable } from '../db/client.js';
import { containsPattern, PLAIN_LIST_LIMIT, prefixPattern, type ListDefinition, type ListRequest, type PlainList } from './list-request.js';

/** The first `limit` rows of the list by its key: the spec's plain array, which a million rows cannot be. */
export async function selectPlainList<Row>(db: Db, definition: ListDefinition, limit = PLAIN_LIST_LIMIT): Promise<PlainList<Row>> {
  const where = definition.where ? `WHERE ${definition.where}` : '';
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${definition.select} FROM ${definition.from} ${where} ORDER BY ${definition.key} LIMIT $1`,
    [limit + 1],
  );
  return { kind: 'plain', rows: rows.slice(0, limit) as Row[], isTruncated: rows.length > limit };
}

/** The thresholds of the list plans (tests lower them to reach every plan with a few rows). */
export type ListTuning = {
  /**
   * Up to this many matches a total is counted exactly (a count that stops there); beyond it the planner's
   * estimate is answered, so no call counts a million rows. Pages before this offset are read forwards while
   * the count runs; deeper pages in the back half of the list are read backwards from its end ("last page").
   */
  exactCountLimit: number;
  /** A filter estimated to match at most this many rows is read through its index, then sorted. */
  selectiveMatches: number;
  /**
   * A broader filter walks the sort order (index only) to fill its page: `walkMargin` times the rows that would
   * hold the page if its matches were spread evenly at the estimated share, at least `minWalk` and at most `maxWalk`
   * rows (a walked row costs about 0.33 µs at a million persons; reading every match of a broad filter about 40 ms).
   */
  walkMargin: number;
  minWalk: number;
  maxWalk: number;
};
export const defaultListTuning: ListTuning = {
  exactCountLimit: 1_000,
  selectiveMatches: 5_000,
  walkMargin: 1.5,
  minWalk: 2_000,
  maxWalk: 50_000,
};

/**
 * One page of the list and its total, all in PostgreSQL. "contains" filters are `lower(col) LIKE '%text%'`, which
 * the trigram indexes serve; sorting is by the column then the key, which the (column, id) indexes serve.
 */
export async function queryPage<Row>(
  db: Db,
  definition: ListDefinition,
  request: ListRequest,
  tuning: ListTuning = defaultListTuning,
): Promise<Paged<Row>> {
  const query = buildQuery(definition, request);
  const { page, pageSize } = request;
  const offset = page * pageSize;
  const hasContainsFilter = request.filters.some(({ column }) => definition.columns[column]!.filter === 'contains');
  const isLargeFiltered = definition.isLarge === true && hasContainsFilter;
  // A large list's filtered page also needs the table's size (the share its filter matches): asked at once.
  const [estimate, tableRows] = await Promise.all([
    estimateRows(db, `SELECT 1 FROM ${definition.from} ${query.where}`, query.params),
    isLargeFiltered ? estimateRows(db, `SELECT 1 FROM ${definition.from}`, []) : 0,
  ]);
  const isFewMatches = definition.baseTable !== undefined && request.filters.length > 0 && estimate <= tuning.selectiveMatches;
  const read = async (window: Window) => {
    const rows = isLargeFiltered
      ? await readFilteredRows(db, definition, query, { ...window, estimate, tableRows, tuning })
      : isFewMatches
        ? await readMatchesFirst(db, definition, query, window)
        : await selectRows(db, definition, query, window);
    return (window.isBackwards ? rows.reverse() : rows) as Row[];
  };

  if (offset < tuning.exactCountLimit) {
    // The count and the page run at once, on two connections of the pool.
    const [total, rows] = await Promise.all([
      countRows(db, definition, query, estimate, tuning.exactCountLimit),
      read({ limit: pageSize, skip: offset, isBackwards: false }),
    ]);
    return { rows, total, page, pageSize };
  }
  const total = await countRows(db, definition, query, estimate, tuning.exactCountLimit);
  const remaining = total - offset;
  if (remaining <= 0) return { rows: [], total, page, pageSize };
  if (offset <= total / 2) return { rows: await read({ limit: pageSize, skip: offset, isBackwards: false }), total, page, pageSize };
  const limit = Math.min(pageSize, remaining);
  return { rows: await read({ limit, skip: total - offset - limit, isBackwards: true }), total, page, pageSize };
}

/** `walkColumns`: what a walk of the sort order needs of each row (the key, the sort column, the filtered ones). */
type BuiltQuery = { where: string; params: unknown[]; orderBy: (isBackwards: boolean) => string; walkColumns: string[] };
/** Which rows of the sorted list to read; backwards: counted from its end, in reverse order. */
type Window = { limit: number; skip: number; isBackwards: boolean };

function buildQuery(definition: ListDefinition, request: ListRequest): BuiltQuery {
  const params: unknown[] = [];
  const conditions = definition.where ? [definition.where] : [];
  for (const { column, value } of request.filters) {
    const spec = definition.columns[column]!;
    if (spec.condition) {
      conditions.push(spec.condition(`$${params.push(spec.conditionValue ? spec.conditionValue(value) : containsPattern(value))}`));
    } else if (spec.filter === 'number') {
      if (!/^\d{1,15}$/.test(value)) conditions.push('false');
      // As bigint: an integer column compared with a number past its range matches nothing instead of failing.
      else conditions.push(`${spec.expression} = $${params.push(Number(value))}::bigint`);
    } else if (spec.filter === 'exact') {
      conditions.push(`${spec.filterExpression ?? spec.expression} = $${params.push(value)}`);
    } else if (spec.filter === 'prefix') {
      conditions.push(`lower(${spec.filterExpression ?? spec.expression}) LIKE $${params.push(prefixPattern(value))}`);
    } else {
      conditions.push(`lower(${spec.filterExpression ?? spec.expression}) LIKE $${params.push(containsPattern(value))}`);
    }
  }
  const sortExpression = definition.columns[request.sort]!.expression;
  const orderBy = (isBackwards: boolean) => {
    const direction = request.isDescending !== isBackwards ? 'DESC' : 'ASC';
    return sortExpression === definition.key
      ? `${definition.key} ${direction}`
      : `${sortExpression} ${direction}, ${definition.key} ${direction}`;
  };
  const filtered = request.filters.map(({ column }) => definition.columns[column]!);
  // A condition (a subquery), or a `where` whose columns are not named, may read any column: the walk then reads
  // whole rows.
  const isWhereNamed = !definition.where || definition.whereColumns !== undefined;
  const walkColumns =
    !isWhereNamed || filtered.some((spec) => spec.condition)
      ? ['*']
      : [
          ...new Set([
            definition.key,
            sortExpression,
            ...filtered.map((spec) => spec.filterExpression ?? spec.expression),
            ...(definition.whereColumns ?? []),
          ]),
        ];
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params, orderBy, walkColumns };
}

const windowClause = (query: BuiltQuery) => `LIMIT $${query.params.length + 1} OFFSET $${query.params.length + 2}`;

async function selectRows(db: Db, definition: ListDefinition, query: BuiltQuery, window: Window): Promise<unknown[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${definition.select} FROM ${definition.from} ${query.where} ORDER BY ${query.orderBy(window.isBackwards)}
      ${windowClause(query)}`,
    [...query.params, window.limit, window.skip],
  );
  return rows;
}

/**
 * A filtered page read from its matches: they are read through their own indexes and sorted in the list's table
 * alone (its base table, `ListDefinition.baseTable`, when `from` joins others), and only the page's rows are
 * joined. Left to itself the planner walks the sort index until the page is full, assuming the matches are spread
 * evenly along it: when they are sparse (refunded in GBP, 0.3 % of the licences) a deep page walks hundreds of
 * thousands of rows, reading each from the table. Fenced (the default), `OFFSET 0` keeps the planner from walking
 * the sort index in the subquery; a caller that has turned index scans off needs no fence, which would also keep
 * the sort above parallel workers.
 */
async function readMatchesFirst(
  db: Queryable,
  definition: ListDefinition,
  query: BuiltQuery,
  window: Window,
  options: { isFenced: boolean } = { isFenced: true },
): Promise<unknown[]> {
  const { table, alias, joins } = splitFrom(definition);
  const orderBy = query.orderBy(window.isBackwards);
  const matches = options.isFenced ? `(SELECT * FROM ${table} ${query.where} OFFSET 0) AS ${alias}` : `${table} ${query.where}`;
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${definition.select}
       FROM (SELECT * FROM ${matches} ORDER BY ${orderBy} ${windowClause(query)}) AS ${alias}
       ${joins}
      ORDER BY ${orderBy}`,
    [...query.params, window.limit, window.skip],
  );
  return rows;
}

/** One table with its optional alias: `orders o`, `orders AS o`, `person`. */
const TABLE_AND_ALIAS = /^\s*([a-z_][a-z0-9_]*)(?:\s+(?:as\s+)?([a-z_][a-z0-9_]*))?\s*$/i;

/**
 * A list's base table (`baseTable`, e.g. `orders o`, or else `from` itself), its alias (`o`; the table's own name
 * when it has none) and the joins `from` adds to it. The base table must be one table, so its alias is read from
 * it, never guessed from the joins: a list whose `from` joins tables and names no base table is refused here.
 */
export function splitFrom(definition: Pick<ListDefinition, 'from' | 'baseTable'>): { table: string; alias: string; joins: string } {
  const table = definition.baseTable ?? definition.from;
  const named = TABLE_AND_ALIAS.exec(table);
  if (!named) throw new Error(`The list's base table is not one table with its alias: ${table} (a FROM that joins tables needs baseTable)`);
  if (!definition.from.startsWith(table)) throw new Error(`The list's FROM clause does not start with its base table ${table}`);
  return { table, alias: named[2] ?? named[1]!, joins: definition.from.slice(table.length) };
}

/**
 * A filtered page of a large list. Left to itself the planner walks the sort index until the page is full,
 * assuming matches are spread evenly; when they are not (a name filter sorted by email: the addresses start with
 * the name) it walks most of the table. So: a selective filter reads its matches through the trigram index
 * and sorts them; a broad one walks the sort order (the index alone) as far as evenly spread matches would fill
 * the page, with a margin, and if the page is not full by then, falls back to the index too (planner estimates
 * of "contains" are too rough to choose up front: a walk costs at most `maxWalk` rows, reading a broad filter's
 * matches can cost the whole table).
 */
async function readFilteredRows(
  db: Db,
  definition: ListDefinition,
  query: BuiltQuery,
  window: Window & { estimate: number; tableRows: number; tuning: ListTuning },
): Promise<unknown[]> {
  const { tuning, estimate, tableRows } = window;
  if (estimate > tuning.selectiveMatches) {
    const evenWalk = ((window.skip + window.limit) * Math.max(tableRows, estimate)) / estimate;
    const budget = Math.ceil(Math.min(tuning.maxWalk, Math.max(tuning.minWalk, evenWalk * tuning.walkMargin)));
    const page = await walkSortIndex(db, definition, query, { ...window, budget });
    // A full page holds the first matches in sort order, wherever the walk stopped.
    if (page) return page;
  }
  // Reading every match is the costly plan: worth PostgreSQL's parallel workers, which it starts only for scans
  // far larger than these by default. With index scans off the planner cannot walk the sort index instead, so no
  // fence is needed, and each worker sorts its own share of the matches, keeping only the page (a parallel top-N,
  // merged), rather than sending every match to one sort: 40–41 ms instead of 43–45 for 50,000 matches.
  return withTransaction(db, async (client) => {
    await client.query(
      `SET LOCAL parallel_setup_cost = 0; SET LOCAL parallel_tuple_cost = 0; SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off`,
    );
    return readMatchesFirst(client, definition, query, window, { isFenced: false });
  });
}

/**
 * Walks at most `budget` rows of the list in sort order and answers the page if the walk filled it (else
 * undefined). The walk reads only the key, the sort column and the filtered columns, which the sort indexes
 * carry (INCLUDE, migration 063), so it reads the index alone and never the table; the page's rows are read by
 * their keys afterwards. A list whose columns are not plain column names walks the rows themselves.
 */
async function walkSortIndex(
  db: Db,
  definition: ListDefinition,
  query: BuiltQuery,
  window: Window & { budget: number },
): Promise<unknown[] | undefined> {
  const values = [...query.params, window.limit, window.skip];
  const orderBy = query.orderBy(window.isBackwards);
  const table = definition.from;
  const isPlain = query.walkColumns.every((column) => /^[a-z_][a-z0-9_]*$/.test(column));
  const walked = isPlain ? query.walkColumns.join(', ') : '*';
  const { rows: keys } = await db.query<{ key: unknown }>(
    `SELECT ${definition.key} AS key FROM (SELECT ${walked} FROM ${table} ORDER BY ${orderBy} LIMIT ${window.budget}) AS ${table}
      ${query.where} ORDER BY ${orderBy} ${windowClause(query)}`,
    values,
  );
  if (keys.length < window.limit) return undefined;
  const { rows } = await db.query<Record<string, unknown>>(`SELECT ${definition.select} FROM ${table} WHERE ${definition.key} = ANY($1)`, [
    keys.map((row) => row.key),
  ]);
  const byKey = new Map(rows.map((row) => [String(row[definition.key]), row]));
  return keys.map((row) => byKey.get(String(row.key))).filter((row) => row !== undefined);
}

/**
 * The number of matching rows: the planner's estimate when it is clearly large (no scan at all), else a count
 * that stops after `limit` + 1 matches, exact up to `limit`; above it the estimate again.
 */
async function countRows(db: Db, definition: ListDefinition, query: BuiltQuery, estimate: number, limit: number): Promise<number> {
  // Estimates of a "contains" filter (or of a table never analysed) are often off by two or three, rarely ten.
  if (estimate > 10 * limit) return estimate;
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (SELECT 1 FROM ${definition.from} ${query.where} LIMIT ${limit + 1}) AS capped`,
    query.params,
  );
  const count = rows[0]!.count;
  return count <= limit ? count : Math.max(count, estimate);
}

async function estimateRows(db: Db, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  return Math.round(rows[0]!['QUERY PLAN'][0].Plan['Plan Rows']);
}

/** Every row of the filtered, sorted list as one statement, for an export that streams it through a cursor. */
export function selectAllStatement(definition: ListDefinition, request: ListRequest): { text: string; values: unknown[] } {
  const query = buildQuery(definition, request);
  return {
    text: `SELECT ${definition.select} FROM ${definition.from} ${query.where} ORDER BY ${query.orderBy(false)}`,
    values: query.params,
  };
}
