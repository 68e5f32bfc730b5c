// @vitest-environment jsdom
import type { ColumnDef } from '@tanstack/react-table';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILTER_DEBOUNCE_MS } from './column-filter';
import { DataTable } from './data-table';
import { initialTableQuery, toListQuery, toListSearch, type TableQuery } from './table-query';

type Person = { id: number; email: string; name: string };

const people: Person[] = Array.from({ length: 25 }, (_, index) => ({
  id: index + 1,
  email: `person${String(index + 1).padStart(2, '0')}@example.com`,
  name: `Name ${String.fromCharCode(90 - index)}`,
}));

const columns: ColumnDef<Person>[] = [
  { accessorKey: 'id', header: 'id' },
  { accessorKey: 'email', header: 'email' },
  { accessorKey: 'name', header: 'name' },
  { id: 'edit', header: '', enableSorting: false, enableColumnFilter: false, cell: () => <button type="button">EDIT</button> },
];

// Plain DOM queries: role queries over a whole table are slow in jsdom.
const firstCells = (columnIndex: number) =>
  [...document.querySelectorAll('tbody tr')].map((row) => row.querySelectorAll('td')[columnIndex]?.textContent);

afterEach(() => {
  vi.useRealTimers();
});

describe('DataTable on the client', () => {
  it('marks the sorted column with ▲ and ▼ and sorts the rows', () => {
    render(<DataTable label="Persons" columns={columns} data={people} />);
    const nameHeader = screen.getByRole('columnheader', { name: /^name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    expect(nameHeader.textContent).not.toMatch(/[▲▼]/);

    fireEvent.click(within(nameHeader).getByRole('button', { name: /name/ }));
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(within(nameHeader).getByRole('button').textContent).toBe('name ▲');
    expect(firstCells(2)[0]).toBe('Name B');

    fireEvent.click(within(nameHeader).getByRole('button', { name: /name/ }));
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(within(nameHeader).getByRole('button').textContent).toBe('name ▼');
    expect(firstCells(2)[0]).toBe('Name Z');
  });

  it('names every column for screen readers, an action column without a title too (axe: empty-table-header)', () => {
    render(<DataTable label="Persons" columns={columns} data={people} />);
    const headers = [...document.querySelectorAll('thead th:not([aria-hidden="true"])')];
    expect(headers.map((header) => header.textContent?.trim())).toEqual(['id', 'email', 'name', 'edit']);
    expect(headers[3]!.querySelector('.visually-hidden')?.textContent).toBe('edit');
  });

  it('pages with first, previous, next and last and tells "Page X of Y"', () => {
    render(<DataTable label="Persons" columns={columns} data={people} />);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(firstCells(0)).toHaveLength(10);
    expect((screen.getByRole('button', { name: 'First page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(firstCells(0)[0]).toBe('11');

    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(firstCells(0)).toEqual(['21', '22', '23', '24', '25']);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('offers the page sizes 10, 20, 30, 40 and 50, 10 by default', () => {
    render(<DataTable label="Persons" columns={columns} data={people} />);
    const select = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['10', '20', '30', '40', '50']);
    expect(select.value).toBe('10');

    fireEvent.change(select, { target: { value: '30' } });
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(firstCells(0)).toHaveLength(25);
  });

  it('has a filter per data column saying "search (N) ..." and filters once typing pauses', () => {
    vi.useFakeTimers();
    render(<DataTable label="Persons" columns={columns} data={people} />);
    const filters = screen.getAllByRole('searchbox');
    expect(filters).toHaveLength(3);
    for (const filter of filters) expect(filter.getAttribute('placeholder')).toBe('search (25) ...');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter email' }), { target: { value: 'PERSON1' } });
    expect(firstCells(0)).toHaveLength(10);
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    });
    expect(firstCells(0)).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19']);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter email' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter id' }), { target: { value: '2' } });
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    });
    expect(firstCells(0)).toEqual(['2', '12', '20', '21', '22', '23', '24', '25']);
  });

  it('has a resize handle per column and an empty text without rows', () => {
    render(<DataTable label="Persons" columns={columns} data={[]} emptyText="No persons" />);
    expect(screen.getByRole('separator', { name: 'Resize email' })).toBeTruthy();
    expect(screen.getByText('No persons')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('shows the detail of an expanded row', () => {
    const withDetail: ColumnDef<Person>[] = [
      { accessorKey: 'id', header: 'id' },
      {
        id: 'detail',
        header: '',
        cell: ({ row }) => (
          <button type="button" onClick={row.getToggleExpandedHandler()}>
            DETAIL
          </button>
        ),
      },
    ];
    render(
      <DataTable label="Orders" columns={withDetail} data={people.slice(0, 2)} renderDetail={(row) => <p>Detail of {row.email}</p>} />,
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'DETAIL' })[1]!);
    expect(screen.getByText('Detail of person02@example.com')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'DETAIL' })[1]!);
    expect(screen.queryByText('Detail of person02@example.com')).toBeNull();
  });
});

describe('DataTable on the server', () => {
  function ServerTable({ onQuery }: { onQuery: (query: TableQuery) => void }) {
    const [query, setQuery] = useState(initialTableQuery);
    onQuery(query);
    const page = people.slice(query.pagination.pageIndex * 10, query.pagination.pageIndex * 10 + 10);
    return <DataTable label="Persons" columns={columns} data={page} server={{ total: 125, query, onQueryChange: setQuery }} />;
  }

  it('asks for pages, sorting and filters instead of doing them itself', () => {
    vi.useFakeTimers();
    const queries: TableQuery[] = [];
    render(<ServerTable onQuery={(query) => queries.push(query)} />);
    expect(screen.getByText('Page 1 of 13')).toBeTruthy();
    expect(screen.getAllByRole('searchbox')[0]!.getAttribute('placeholder')).toBe('search (125) ...');

    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(queries.at(-1)!.pagination.pageIndex).toBe(12);
    expect(screen.getByText('Page 13 of 13')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^email/ }));
    expect(queries.at(-1)).toMatchObject({ sorting: [{ id: 'email', desc: false }], pagination: { pageIndex: 0 } });
    // The rows stay in the server's order.
    expect(firstCells(0)[0]).toBe('1');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter name' }), { target: { value: 'Smith' } });
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    });
    expect(toListQuery(queries.at(-1)!)).toEqual({ page: 0, pageSize: 10, sort: 'email', desc: 'false', filter: '{"name":"Smith"}' });
  });
});

describe('toListSearch', () => {
  it('writes the list parameters of the server', () => {
    expect(toListSearch(initialTableQuery)).toBe('page=0&pageSize=10');
    const query: TableQuery = {
      pagination: { pageIndex: 2, pageSize: 20 },
      sorting: [{ id: 'name', desc: true }],
      columnFilters: [
        { id: 'email', value: ' a&b ' },
        { id: 'name', value: '' },
      ],
    };
    expect(new URLSearchParams(toListSearch(query)).get('filter')).toBe('{"email":"a&b"}');
    expect(toListSearch(query)).toContain('page=2&pageSize=20&sort=name&desc=true&filter=');
  });
});
