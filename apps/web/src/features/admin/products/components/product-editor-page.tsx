import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useProduct, useProductSerials } from '../api/products-api';
import { ProductDownloadsEditor } from './product-downloads-editor';
import { ProductEditorForm } from './product-editor-form';
import { ProductTrials } from './product-trials';

/** /admin/product/{id}: the product, its key pairs and its serial list. */
export function ProductEditorPage() {
  const productId = Number(useParams().id);
  const product = useProduct(productId);
  const serials = useProductSerials(productId);
  useDocumentTitle('Edit Product');
  return (
    <main className="container py-4">
      <h1 className="h3 mb-3">Edit Product {product.data?.name ?? ''}</h1>
      {(product.isPending || serials.isPending) && <p aria-busy="true">Loading…</p>}
      {product.data && serials.data && <ProductEditorForm key={product.data.id} product={product.data} serials={serials.data.serials} />}
      {product.data && product.data.id > 0 && <ProductTrials productId={product.data.id} />}
      {product.data && <ProductDownloadsEditor productId={product.data.id} />}
    </main>
  );
}
