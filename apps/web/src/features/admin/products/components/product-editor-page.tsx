import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useEditorRecord } from '../../shared/use-editor-record';
import { useProduct, useProductSerials } from '../api/products-api';
import { NewProductDownloads, ProductDownloadsEditor } from './product-downloads-editor';
import { ProductEditorForm } from './product-editor-form';
import { ProductTrials } from './product-trials';

/** /admin/product/{id}: the product, its key pairs and its serial list. */
export function ProductEditorPage() {
  // /admin/product/new: the defaults the server answers for product 0, created on SAVE PRODUCT (decisions 025, 068).
  const { recordId: productId, isNew, editorKey, onCreated } = useEditorRecord();
  const product = useProduct(productId);
  const serials = useProductSerials(productId);
  useDocumentTitle(isNew ? 'New Product' : 'Edit Product');
  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">{isNew ? 'New Product (created on SAVE PRODUCT)' : `Edit Product ${product.data?.name ?? ''}`}</h1>
      {(product.isPending || serials.isPending) && <p aria-busy="true">Loading…</p>}
      {product.data && serials.data && (
        <ProductEditorForm key={editorKey} product={product.data} serials={serials.data.serials} onCreated={onCreated} />
      )}
      {product.data && product.data.id > 0 && <ProductTrials productId={product.data.id} />}
      {product.data && (product.data.id > 0 ? <ProductDownloadsEditor productId={product.data.id} /> : <NewProductDownloads />)}
    </main>
  );
}
