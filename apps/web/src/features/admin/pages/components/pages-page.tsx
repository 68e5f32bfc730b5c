import { newPageForm } from '@store/contracts/forms';
import type { Page } from '@store/contracts/page';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../../components/data-table/data-table';
import { FormField } from '../../../../components/form-field';
import { paths } from '../../../../config/paths';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { ErrorAlert } from '../../../../components/error-alert';
import { deleteColumn, editColumn } from '../../shared/row-action-columns';
import { useDeletePageMutation, usePages } from '../api/pages-api';
import { adminPaths } from '../../shared/admin-paths';
import { FormSubmit } from '../../../../components/form-submit';
import { useSchemaForm } from '../../../../lib/use-schema-form';

/** The new-page form: a URL ("Please enter a URL!"); opens the editor with the defaults, which creates on SAVE PAGE. */
function NewPageFormSection() {
  const navigate = useNavigate();
  const { handleSubmit, fieldOf } = useSchemaForm(newPageForm, {
    defaultValues: { url: '' },
  });
  const submit = handleSubmit(({ url }) => void navigate(adminPaths.newPage(url)));
  return (
    <form className="mb-4" onSubmit={submit} noValidate aria-label="New page">
      <div className="d-flex flex-wrap align-items-start gap-2">
        <div className="flex-grow-1" style={{ maxWidth: '28rem' }}>
          <FormField id="new-page-url" label="Url of the new page" {...fieldOf('url')} />
        </div>
        {/* Level with the input, below its label (2rem: pt-4 and mt-2). */}
        <FormSubmit label="NEW PAGE" isPending={false} className="pt-4 mt-2" />
      </div>
    </form>
  );
}

/** /admin/pages ("Edit Pages"): the new-page form and the pages with EDIT and X. */
export function PagesPage() {
  useDocumentTitle('Edit Pages');
  const pages = usePages();
  const { mutate: deletePage, error: deleteError } = useDeletePageMutation();

  const columns = useMemo<ColumnDef<Page>[]>(
    () => [
      { accessorKey: 'id', header: 'id', size: 110 },
      { accessorKey: 'url', header: 'url', size: 220 },
      { accessorKey: 'name', header: 'name', size: 200 },
      { id: 'isMainMenu', accessorFn: (page) => (page.isMainMenu ? 'yes' : 'no'), header: 'main menu', size: 120 },
      { accessorKey: 'mainMenuPriority', header: 'main menu priority', size: 170 },
      { id: 'isPublished', accessorFn: (page) => (page.isPublished === false ? 'draft' : 'published'), header: 'status', size: 120 },
      editColumn((page) => paths.adminPage(page.id)),
      deleteColumn({
        label: (page) => `Delete page ${page.url}`,
        confirmText: (page) =>
          `Delete the page "${page.name || page.url}" at ${page.url}? It is removed from the site${page.isMainMenu ? ' and the main menu' : ''}.`,
        onDelete: (page) => deletePage(page.id),
      }),
    ],
    [deletePage],
  );

  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">Edit Pages</h1>
      <NewPageFormSection />
      <ErrorAlert error={deleteError} className="mb-3" />
      <DataTable
        label="Pages"
        columns={columns}
        data={pages.data ?? []}
        getRowId={(page) => String(page.id)}
        isLoading={pages.isPending}
        emptyText="No pages"
      />
    </main>
  );
}
