import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useEditorRecord } from '../../shared/use-editor-record';
import { newPageOf, usePage } from '../api/pages-api';
import { PageEditorForm } from './page-editor-form';
import type { PreviewEnhancer } from './page-preview';

/**
 * /admin/page/{id}: name, url, main menu priority and checkbox, the HTML code editor with a live preview, and
 * SAVE PAGE. The router passes the shop's `enhance`, so the preview shows prices like the public page.
 */
export function PageEditorPage({ enhance }: { enhance?: PreviewEnhancer }) {
  const newUrl = useSearchParams()[0].get('url') ?? '/';
  // /admin/page/new?url=...: the new page's defaults, created only by SAVE PAGE (decisions 025 and 068).
  const { recordId, isNew, editorKey, onCreated } = useEditorRecord();
  const saved = usePage(recordId, !isNew);
  const page = isNew ? newPageOf(newUrl) : saved.data;
  useDocumentTitle(isNew ? 'New Page' : 'Edit Page');
  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">
        {isNew ? 'New Page' : 'Edit Page'} {page?.url ?? ''}
      </h1>
      {!page && saved.isPending && <p aria-busy="true">Loading…</p>}
      {page && <PageEditorForm key={editorKey} page={page} enhance={enhance} onCreated={onCreated} />}
    </main>
  );
}
