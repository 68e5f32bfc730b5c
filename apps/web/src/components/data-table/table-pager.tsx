import { TABLE_PAGE_SIZES } from '@store/contracts/constants';
import type { Table } from '@tanstack/react-table';

type TablePagerProps<Row> = { table: Table<Row>; label: string };

/** First, previous, next and last page, "Page X of Y" and the page size (spec §2, §9). */
export function TablePager<Row>({ table, label }: TablePagerProps<Row>) {
  const { pageIndex, pageSize } = table.getState().pagination;
  const pageCount = Math.max(table.getPageCount(), 1);
  const canGoBack = table.getCanPreviousPage();
  const canGoOn = table.getCanNextPage();
  return (
    <nav className="data-table-pager d-flex flex-wrap align-items-center gap-2" aria-label={`${label} pages`}>
      <div className="btn-group btn-group-sm" role="group">
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label="First page"
          disabled={!canGoBack}
          onClick={() => table.firstPage()}
        >
          «
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label="Previous page"
          disabled={!canGoBack}
          onClick={() => table.previousPage()}
        >
          ‹
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label="Next page"
          disabled={!canGoOn}
          onClick={() => table.nextPage()}
        >
          ›
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label="Last page"
          disabled={!canGoOn}
          onClick={() => table.lastPage()}
        >
          »
        </button>
      </div>
      <span className="data-table-page-info">
        Page {Math.min(pageIndex + 1, pageCount)} of {pageCount}
      </span>
      <select
        className="form-select form-select-sm w-auto"
        aria-label="Rows per page"
        value={pageSize}
        onChange={(event) => table.setPageSize(Number(event.target.value))}
      >
        {TABLE_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            Show {size}
          </option>
        ))}
      </select>
    </nav>
  );
}
