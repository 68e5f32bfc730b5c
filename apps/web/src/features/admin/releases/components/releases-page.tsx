import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { adminPaths } from '../../shared/admin-paths';
import { ErrorAlert } from '../../../../components/error-alert';
import { useAdminProducts } from '../../shared/products-api';
import { PublishReleaseForm } from './publish-release-form';
import { ReleaseList } from './release-list';

/**
 * /admin/releases?product={productId} (ADMIN → RELEASES, decision 058): publishing a version of a product (its installers,
 * notes, and whether to mail the owners who agreed to release mail) and the product's releases with their mail.
 */
export function ReleasesPage() {
  useDocumentTitle('Releases');
  const navigate = useNavigate();
  const products = useAdminProducts();
  const [search] = useSearchParams();
  const productId = Number(search.get('product') ?? 0);
  const product = products.data?.find((candidate) => candidate.id === productId);
  return (
    <main className="container-fluid px-lg-4 py-4">
      <h1 className="h3 mb-3">Releases{product ? ` of ${product.name}` : ''}</h1>
      <p className="text-body-secondary">
        A release tells the plug-ins and the owners about a version: its installers (one per platform) are offered in the customer area and
        by the plug-in&apos;s update check; the owners who agreed to release mail can be mailed its notes.
      </p>
      <div className="mb-4 col-md-4">
        <label htmlFor="release-product" className="form-label">
          Product
        </label>
        <select
          id="release-product"
          className="form-select"
          value={product ? String(product.id) : ''}
          onChange={(event) => void navigate(adminPaths.releases(Number(event.target.value) || undefined))}
        >
          <option value="">Choose a product</option>
          {products.data?.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      <ErrorAlert error={products.error} />
      {product && (
        <>
          <PublishReleaseForm key={product.id} productId={product.id} productName={product.name} />
          <ReleaseList productId={product.id} />
        </>
      )}
    </main>
  );
}
