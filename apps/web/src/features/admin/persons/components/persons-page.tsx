import type { Person } from '@store/contracts/person';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../../components/data-table/data-table';
import { initialTableQuery, toListSearch } from '../../../../components/data-table/table-query';
import { paths } from '../../../../config/paths';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { ErrorAlert } from '../../../../components/error-alert';
import { deleteColumn, editColumn } from '../../shared/row-action-columns';
import { useDeletePersonMutation, usePersonsPage } from '../api/persons-api';
import { adminPaths } from '../../shared/admin-paths';

/** /admin/persons: the persons, paged, sorted and filtered by the server; EDIT, X and "New Person". */
export function PersonsPage() {
  useDocumentTitle('Persons');
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialTableQuery);
  const persons = usePersonsPage(toListSearch(query));
  const { mutate: deletePerson, error: deleteError } = useDeletePersonMutation();

  const columns = useMemo<ColumnDef<Person>[]>(
    () => [
      { accessorKey: 'id', header: 'id', size: 110 },
      { accessorKey: 'email', header: 'email', size: 360 },
      { accessorKey: 'name', header: 'name', size: 300 },
      editColumn((person) => paths.adminPerson(person.id)),
      deleteColumn({
        label: (person) => `Delete person ${person.id}`,
        confirmText: (person) =>
          `Delete the person ${person.email || person.name || person.id} and their login? A person with licences is kept.`,
        onDelete: (person) => deletePerson(person.id),
      }),
    ],
    [deletePerson],
  );

  // Opens the editor with the defaults; nothing is created until SAVE (decision 025).
  const openNewPerson = () => void navigate(adminPaths.newPerson);

  return (
    <main className="admin-screen">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Persons</h1>
        <button type="button" className="btn btn-primary" onClick={openNewPerson}>
          New Person
        </button>
      </div>
      <ErrorAlert error={deleteError} className="mb-3" />
      <DataTable
        label="Persons"
        columns={columns}
        data={persons.data?.rows ?? []}
        server={{ total: persons.data?.total ?? 0, query, onQueryChange: setQuery }}
        getRowId={(person) => String(person.id)}
        isLoading={persons.isFetching}
        emptyText="No persons"
      />
    </main>
  );
}
