import { DEFAULT_TABLE_PAGE_SIZE } from '@store/contracts/constants';
import type { ListQuery, Paged } from '@store/contracts/list';
import type { FastifyReply } from 'fastify';
import { badRequest } from './app-error.js';

// What a list call asks for and how its answer goes out: the list's columns, the paging parameters, the filters
// and their patterns. The statements that answer it are in list-query.ts.

/**
 * A list column: the expression it sorts by, and how it filters: case-insensitive "contains" (on
 * `filterExpression`, text, when the sort expression is not text), an exact number (ids), an exact text
 * (a status), or a case-insensitive "starts with" (a reference). `condition` replaces the filter's SQL: it gets
 * the parameter's placeholder, bound to `conditionValue(text)` or else the "contains" pattern (e.g. a subquery on
 * another table).
 */
export type ListColumn = {
  expression: string;
  filter: 'contains' | 'number' | 'exact' | 'prefix';
  filterExpression?: string;
  condition?: (parameter: string) => string;
  conditionValue?: (text: string) => unknown;
  /** False for a column that filters but has no sort index (sorting it would sort every row). */
  isSortable?: boolean;
};

/** A list the admin tables page, sort and filter in PostgreSQL. */
export type ListDefinition = {
  select: string;
  /** FROM clause with its joins. */
  from: string;
  /** A condition every row meets (e.g. "not redeemed"). */
  where?: string;
  columns: Record<string, ListColumn>;
  defaultSort: string;
  /** A unique expression that breaks ties, so paging is stable. */
  key: string;
  /**
   * Set for a single-table list that may hold millions of rows (`from` is the table, `select` and the sort
   * expressions name its columns): filtered pages then use the plans of `readFilteredRows` (list-query.ts).
   */
  isLarge?: boolean;
  /** The columns `where` reads, for a large list's walk of its sort order; without them it walks whole rows. */
  whereColumns?: string[];
  /**
   * For a list whose `from` starts with one table and joins others to it for the page's columns: that table
   * with its alias (`orders o`), when every filter, sort and the key read it alone and the joins neither add
   * nor remove rows. A filter estimated to match few rows then reads and sorts its matches in that table and
   * joins only the page's rows (`readMatchesFirst` in list-query.ts). Without it, that table is `from` itself, which
   * must then be one table (its alias, or its name, is the alias): `splitFrom` in list-query.ts refuses anything else.
   */
  baseTable?: string;
};

export type ListRequest = {
  page: number;
  pageSize: number;
  sort: string;
  isDescending: boolean;
  filters: { column: string; value: string }[];
};

/** The plain array (no paging parameters) answers at most this many rows. */
export const PLAIN_LIST_LIMIT = 10_000;

/** The spec's plain array of a list call without paging parameters; `isTruncated` when there were more rows. */
export type PlainList<Row> = { kind: 'plain'; rows: Row[]; isTruncated: boolean };

/** The header a plain array carries when it was cut at PLAIN_LIST_LIMIT rows: its value is that limit. */
export const TRUNCATED_LIST_HEADER = 'x-list-truncated';

/**
 * What a list route answers: a page as it is, or the plain array, saying in a header when it was cut short (the
 * array itself has no room for it).
 */
export function answerList<Row>(reply: FastifyReply, list: Paged<Row> | PlainList<Row>): Row[] | Paged<Row> {
  if (!('kind' in list)) return list;
  if (list.isTruncated) void reply.header(TRUNCATED_LIST_HEADER, String(list.rows.length));
  return list.rows;
}

/** Reads the paging parameters; undefined when there are none (the caller answers the spec's plain array). */
export function readListRequest(query: ListQuery, definition: ListDefinition): ListRequest | undefined {
  const { page, pageSize, sort, desc, filter } = query;
  if (page === undefined && pageSize === undefined && sort === undefined && desc === undefined && filter === undefined) {
    return undefined;
  }
  const sortColumn = sort === undefined || sort === '' ? definition.defaultSort : sort;
  if (!Object.hasOwn(definition.columns, sortColumn) || definition.columns[sortColumn]!.isSortable === false) {
    throw badRequest(`sort: unknown column ${sortColumn}`);
  }
  const filters = readFilters(filter ?? '').filter((entry) => entry.value !== '');
  for (const entry of filters) {
    if (!Object.hasOwn(definition.columns, entry.column)) throw badRequest(`filter: unknown column ${entry.column}`);
  }
  const size = pageSize ?? DEFAULT_TABLE_PAGE_SIZE;
  return { page: page ?? 0, pageSize: size, sort: sortColumn, isDescending: desc === 'true', filters };
}

/** Filters as `{"column": "text"}`, or TanStack Table's column filters `[{"id": "column", "value": "text"}]`. */
function readFilters(text: string): { column: string; value: string }[] {
  if (text.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('filter: expected JSON such as {"email":"text"}');
  }
  const isArray = Array.isArray(parsed);
  if (!isArray && (parsed === null || typeof parsed !== 'object')) {
    throw badRequest('filter: expected JSON such as {"email":"text"}');
  }
  const entries: [unknown, unknown][] = isArray
    ? (parsed as ({ id?: unknown; value?: unknown } | null)[]).map((item) => [item?.id, item?.value])
    : Object.entries(parsed as object);
  return entries.map(([column, value]) => {
    if (typeof column !== 'string' || !['string', 'number'].includes(typeof value)) {
      throw badRequest('filter: each filter is a column name and a text');
    }
    return { column, value: String(value).trim() };
  });
}

/** A LIKE pattern that matches `text` anywhere, with LIKE's own characters taken literally. */
export const containsPattern = (text: string) => `%${escapeLike(text.toLowerCase())}%`;
/** A LIKE pattern that matches texts starting with `text`. */
export const prefixPattern = (text: string) => `${escapeLike(text.toLowerCase())}%`;
/** `text` with LIKE's own characters taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');
