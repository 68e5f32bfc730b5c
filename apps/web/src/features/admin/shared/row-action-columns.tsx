import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';

/** A header that screen readers read and the eye does not need: a table header is never empty (axe). */
export const hiddenHeader = (text: string) => () => <span className="visually-hidden">{text}</span>;

/** Action columns neither sort, filter nor resize. */
export const actionColumn = { header: '', enableSorting: false, enableColumnFilter: false, enableResizing: false, size: 72 } as const;

/** The EDIT column of an admin list: a link to the row's editor. */
export function editColumn<Row>(editorPath: (row: Row) => string): ColumnDef<Row> {
  return {
    id: 'edit',
    ...actionColumn,
    header: hiddenHeader('Edit'),
    cell: ({ row }) => (
      <Link className="btn btn-sm btn-outline-primary" to={editorPath(row.original)}>
        EDIT
      </Link>
    ),
  };
}

/**
 * The X column of an admin list: asks `confirmText` in a confirmation dialog, then deletes. `label` names the row
 * for screen readers ("Delete page /about").
 */
export function deleteColumn<Row>(options: {
  label: (row: Row) => string;
  confirmText: (row: Row) => string;
  onDelete: (row: Row) => void;
  size?: number;
}): ColumnDef<Row> {
  return {
    id: 'delete',
    ...actionColumn,
    header: hiddenHeader('Delete'),
    size: options.size ?? actionColumn.size,
    cell: ({ row }) => (
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        aria-label={options.label(row.original)}
        onClick={(event) => {
          if (!window.confirm(options.confirmText(row.original))) return;
          // The row and this button go once it is deleted: the focus moves to its table, not to the page's <body>.
          event.currentTarget.closest('table')?.focus();
          options.onDelete(row.original);
        }}
      >
        X
      </button>
    ),
  };
}
