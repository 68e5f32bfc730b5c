import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { usePage } from '../api/pages-api';
import { PageEditorForm } from './page-editor-form';
import type { PreviewEnhancer } from './page-preview';

/**
 * /admin/page/{id}: name, url, main menu priority and checkbox, the HTML code editor with a live preview, and
 * SAVE PAGE. The router passes the shop's `enhance`, so the preview shows prices like the public page.
 */
export function PageEditorPage({ enhance }: { enhance?: PreviewEnhancer }) {
  const pageId = Number(useParams().id);
  const page = usePage(pageId);
  useDocumentTitle('Edit Page');
  return (
    <main className="container-fluid px-lg-4 py-4">
      <h1 className="h3 mb-3">Edit Page {page.data ? page.data.url : ''}</h1>
      {page.isPending && <p aria-busy="true">Loading…</p>}
      {page.data && <PageEditorForm key={page.data.id} page={page.data} enhance={enhance} />}
    </main>
  );
}
