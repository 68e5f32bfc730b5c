import '../../styles/forms.scss';
import '../../styles/tables.scss';
import './data-table.scss';
import {
  flexRender,
  functionalUpdate,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ExpandedState,
  type FilterFn,
  type Header,
  type OnChangeFn,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import { Fragment, useEffect, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { ColumnFilter } from './column-filter';
import { TablePager } from './table-pager';
import { initialTableQuery, type TableQuery } from './table-query';

/** Client-side filter: the cell's text contains the typed text, ignoring case (numbers too: "12" finds 112). */
const containsText: FilterFn<unknown> = (row, columnId, filterValue) => {
  const wanted = String(filterValue ?? '')
    .trim()
    .toLowerCase();
  return (
    wanted === '' ||
    String(row.getValue(columnId) ?? '')
      .toLowerCase()
      .includes(wanted)
  );
};

const sortMarks = { asc: ' ▲', desc: ' ▼' } as const;
const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/** Paging, sorting and filtering done by the server: the table shows one page of `total` rows. */
export type ServerSideTable = {
  total: number;
  query: TableQuery;
  onQueryChange: Dispatch<SetStateAction<TableQuery>>;
};

export type DataTableProps<Row> = {
  /** The table's accessible name. */
  label: string;
  columns: ColumnDef<Row>[];
  /** Every row (client side) or the current page (server side). */
  data: Row[];
  /** Present for lists the server pages, sorts and filters (manual pagination, sorting and filtering). */
  server?: ServerSideTable;
  getRowId?: (row: Row) => string;
  isLoading?: boolean;
  /** Ticked rows, for lists with a checkbox column (`row.getToggleSelectedHandler()`). */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
  /** What an expanded row shows underneath it (a column toggles it with `row.getToggleExpandedHandler()`). */
  renderDetail?: (row: Row) => ReactNode;
  emptyText?: string;
};

const columnLabel = <Row,>(header: Header<Row, unknown>): string => {
  const title = header.column.columnDef.header;
  return typeof title === 'string' ? title : header.column.id;
};

/**
 * The admin lists' one data table (spec §2 "Generic data table"): a text filter per column, click-to-sort headers
 * with ▲/▼, resizable columns and paging. Small lists are paged, sorted and filtered here; lists that grow
 * without bound pass `server` and are paged, sorted and filtered by the list call.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, columns, data, server, getRowId, isLoading = false, rowSelection, onRowSelectionChange, renderDetail } = props;
  const [localQuery, setLocalQuery] = useState<TableQuery>(initialTableQuery);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const query = server?.query ?? localQuery;
  const setQuery = server?.onQueryChange ?? setLocalQuery;

  // A new sort or filter starts again at the first page.
  const changeOf =
    <Key extends keyof TableQuery>(key: Key, isFirstPage: boolean) =>
    (updater: Updater<TableQuery[Key]>) =>
      setQuery((current) => ({
        ...current,
        [key]: functionalUpdate(updater, current[key]),
        ...(isFirstPage ? { pagination: { ...current.pagination, pageIndex: 0 } } : {}),
      }));

  const table = useReactTable<Row>({
    data,
    columns,
    state: { ...query, expanded, ...(rowSelection ? { rowSelection } : {}) },
    onSortingChange: changeOf('sorting', true),
    onColumnFiltersChange: changeOf('columnFilters', true),
    onPaginationChange: changeOf('pagination', false),
    onExpandedChange: setExpanded,
    onRowSelectionChange,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    ...(server
      ? { manualPagination: true, manualSorting: true, manualFiltering: true, rowCount: server.total }
      : {
          getSortedRowModel: getSortedRowModel(),
          getFilteredRowModel: getFilteredRowModel(),
          getPaginationRowModel: getPaginationRowModel(),
        }),
    defaultColumn: { filterFn: containsText as FilterFn<Row>, size: 160, minSize: 48 },
    columnResizeMode: 'onChange',
    enableMultiSort: false,
    sortDescFirst: false,
    enableRowSelection: onRowSelectionChange !== undefined,
    getRowCanExpand: () => renderDetail !== undefined,
    autoResetPageIndex: false,
    autoResetExpanded: false,
  });

  // After rows went away (a deletion, a narrower filter) the page may no longer exist: show the last one.
  const pageCount = table.getPageCount();
  const { pageIndex } = query.pagination;
  useEffect(() => {
    if (pageCount > 0 && pageIndex >= pageCount) {
      setQuery((current) => ({ ...current, pagination: { ...current.pagination, pageIndex: pageCount - 1 } }));
    }
  }, [pageCount, pageIndex, setQuery]);

  const rowCount = server ? server.total : table.getPreFilteredRowModel().rows.length;
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;

  return (
    <div className="data-table-wrapper">
      <div className="table-responsive">
        <table
          className="table table-sm table-striped table-hover align-middle data-table"
          // The full width of the screen, and never narrower than the columns' sizes (then it scrolls sideways). The
          // columns keep their sizes; an empty last column takes what is left.
          style={{ width: '100%', minWidth: table.getTotalSize() }}
          aria-label={label}
          aria-busy={isLoading || undefined}
          // Focusable from script only: a row deleted with the keyboard leaves the focus here (row-action-columns.tsx).
          tabIndex={-1}
        >
          <thead>
            {table.getHeaderGroups().map((headerGroup) => (
              <tr key={headerGroup.id}>
                {headerGroup.headers.map((header) => {
                  const { column } = header;
                  const sorted = column.getIsSorted();
                  // An action column has no title to show; screen readers still get its name (axe: empty-table-header).
                  const title = header.isPlaceholder ? null : column.columnDef.header === '' ? (
                    <span className="visually-hidden">{column.id}</span>
                  ) : (
                    flexRender(column.columnDef.header, header.getContext())
                  );
                  return (
                    <th
                      key={header.id}
                      colSpan={header.colSpan}
                      style={{ width: header.getSize() }}
                      aria-sort={column.getCanSort() ? (sorted ? ariaSort[sorted] : 'none') : undefined}
                    >
                      {column.getCanSort() ? (
                        <button type="button" className="data-table-sort" onClick={column.getToggleSortingHandler()}>
                          {title}
                          {sorted ? <span aria-hidden="true">{sortMarks[sorted]}</span> : null}
                        </button>
                      ) : (
                        <span className="data-table-title">{title}</span>
                      )}
                      {column.getCanFilter() && <ColumnFilter column={column} label={columnLabel(header)} rowCount={rowCount} />}
                      {column.getCanResize() && (
                        <div
                          role="separator"
                          aria-orientation="vertical"
                          aria-label={`Resize ${columnLabel(header)}`}
                          className={column.getIsResizing() ? 'data-table-resizer is-resizing' : 'data-table-resizer'}
                          onMouseDown={header.getResizeHandler()}
                          onTouchStart={header.getResizeHandler()}
                          onDoubleClick={() => column.resetSize()}
                        />
                      )}
                    </th>
                  );
                })}
                <th className="data-table-filler" aria-hidden="true" />
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={columnCount + 1} className="text-body-secondary">
                  {isLoading ? 'Loading…' : (props.emptyText ?? 'No rows')}
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <Fragment key={row.id}>
                <tr className={row.getIsSelected() ? 'table-active' : undefined}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} style={{ width: cell.column.getSize() }}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                  <td className="data-table-filler" aria-hidden="true" />
                </tr>
                {renderDetail && row.getIsExpanded() && (
                  <tr className="data-table-detail">
                    <td colSpan={columnCount + 1}>{renderDetail(row.original)}</td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      <TablePager table={table} label={label} />
    </div>
  );
}
