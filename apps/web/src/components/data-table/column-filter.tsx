import type { Column } from '@tanstack/react-table';
import { useEffect, useState } from 'react';

/** How long typing must pause before a filter applies: one list call per word, not per key. */
export const FILTER_DEBOUNCE_MS = 300;

type ColumnFilterProps<Row> = {
  column: Column<Row, unknown>;
  /** The column's name, for the input's accessible label. */
  label: string;
  /** How many rows the column has: "search (N) ...". */
  rowCount: number;
};

/** A column's text filter; applies what was typed once typing pauses. */
export function ColumnFilter<Row>({ column, label, rowCount }: ColumnFilterProps<Row>) {
  const applied = column.getFilterValue();
  const appliedText = typeof applied === 'string' ? applied : '';
  const [text, setText] = useState(appliedText);

  useEffect(() => {
    if (text === appliedText) return;
    const timer = window.setTimeout(() => column.setFilterValue(text === '' ? undefined : text), FILTER_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, appliedText, column]);

  return (
    <input
      type="search"
      className="form-control form-control-sm mt-1"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={`search (${rowCount}) ...`}
      aria-label={`Filter ${label}`}
    />
  );
}
