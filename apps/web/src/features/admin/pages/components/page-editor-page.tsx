import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { newPageOf, usePage } from '../api/pages-api';
import { PageEditorForm } from './page-editor-form';
import type { PreviewEnhancer } from './page-preview';

/**
 * /admin/page/{id}: name, url, main menu priority and checkbox, the HTML code editor with a live preview, and
 * SAVE PAGE. The router passes the shop's `enhance`, so the preview shows prices like the public page.
 */
export function PageEditorPage({ enhance }: { enhance?: PreviewEnhancer }) {
  const { id } = useParams();
  const newUrl = useSearchParams()[0].get('url');
  // /admin/page/new?url=...: the new page's defaults, created only by SAVE PAGE (decision 025).
  return id === 'new' ? <NewPageEditor url={newUrl ?? '/'} enhance={enhance} /> : <SavedPageEditor pageId={Number(id)} enhance={enhance} />;
}

function NewPageEditor({ url, enhance }: { url: string; enhance?: PreviewEnhancer | undefined }) {
  useDocumentTitle('New Page');
  return (
    <main className="container-fluid px-lg-4 py-4">
      <h1 className="h3 mb-3">New Page {url}</h1>
      <PageEditorForm key={`new-${url}`} page={newPageOf(url)} enhance={enhance} />
    </main>
  );
}

function SavedPageEditor({ pageId, enhance }: { pageId: number; enhance?: PreviewEnhancer | undefined }) {
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
