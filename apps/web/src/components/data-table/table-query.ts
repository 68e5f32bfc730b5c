import { DEFAULT_TABLE_PAGE_SIZE } from '@store/contracts/constants';
import type { ListQuery } from '@store/contracts/list';
import type { ColumnFiltersState, PaginationState, SortingState } from '@tanstack/react-table';

/** What a data table shows: its page, its sort column and its column filters. */
export type TableQuery = { pagination: PaginationState; sorting: SortingState; columnFilters: ColumnFiltersState };

/** First page, default page size, no sorting, no filters. */
export const initialTableQuery: TableQuery = {
  pagination: { pageIndex: 0, pageSize: DEFAULT_TABLE_PAGE_SIZE },
  sorting: [],
  columnFilters: [],
};

const filterText = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/**
 * The server's list parameters (contracts `listQuery`): page, pageSize, one sort column with desc, and the
 * filters as JSON `{"column": "text"}`.
 */
export function toListQuery(query: TableQuery): ListQuery {
  const listQuery: ListQuery = { page: query.pagination.pageIndex, pageSize: query.pagination.pageSize };
  const sort = query.sorting[0];
  if (sort) {
    listQuery.sort = sort.id;
    listQuery.desc = sort.desc ? 'true' : 'false';
  }
  const filters = query.columnFilters.map((filter) => [filter.id, filterText(filter.value)] as const).filter(([, text]) => text !== '');
  if (filters.length > 0) listQuery.filter = JSON.stringify(Object.fromEntries(filters));
  return listQuery;
}

/** The list parameters as a query string (without "?"), in a stable order so it can key a query. */
export function toListSearch(query: TableQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(toListQuery(query))) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params.toString();
}
