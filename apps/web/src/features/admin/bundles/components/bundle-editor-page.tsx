import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useAdminProducts } from '../../shared/products-api';
import { useEditorRecord } from '../../shared/use-editor-record';
import { useBundles } from '../api/bundles-api';
import { BundleEditorForm } from './bundle-editor-form';

/** /admin/bundle/{id}: a bundle by its product's id (/admin/bundle/new: a new one, created on SAVE BUNDLE; decisions 025, 057 and 068). */
export function BundleEditorPage() {
  const { recordId: bundleProductId, isNew, editorKey, onCreated } = useEditorRecord();
  const bundles = useBundles();
  const products = useAdminProducts();
  const bundle = bundles.data?.find((candidate) => candidate.bundleProductId === bundleProductId);
  useDocumentTitle(isNew ? 'New Bundle' : 'Edit Bundle');
  const isLoaded = bundles.data !== undefined && products.data !== undefined;
  return (
    <main className="container py-4">
      <h1 className="h3 mb-3">{isNew ? 'New Bundle (created on SAVE BUNDLE)' : `Edit Bundle ${bundle?.name ?? ''}`}</h1>
      {!isLoaded && <p aria-busy="true">Loading…</p>}
      {isLoaded && !isNew && !bundle && <p role="alert">This bundle does not exist (any more).</p>}
      {isLoaded && (isNew || bundle) && <BundleEditorForm key={editorKey} bundle={bundle} products={products.data} onCreated={onCreated} />}
    </main>
  );
}
