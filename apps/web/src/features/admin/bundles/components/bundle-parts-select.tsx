import type { Product } from '@store/contracts/product';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The products a bundle holds: a multiple select of the catalogue, with its validation message. */
export function BundlePartsSelect({
  products,
  registration,
  error,
}: {
  products: Product[];
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <div className="mb-3">
      <label htmlFor="bundle-parts" className="form-label">
        Holds
      </label>
      <select
        id="bundle-parts"
        multiple
        size={Math.min(Math.max(products.length, 3), 8)}
        className={error ? 'form-select is-invalid' : 'form-select'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'bundle-parts-error' : 'bundle-parts-help'}
        {...registration}
      >
        {products.map((product) => (
          <option key={product.id} value={product.id}>
            {product.name}
          </option>
        ))}
      </select>
      {error && (
        <div id="bundle-parts-error" className="invalid-feedback">
          {error}
        </div>
      )}
      <div id="bundle-parts-help" className="form-text">
        Buying the bundle issues a licence of each. Hold Ctrl (⌘ on a Mac) to choose several.
      </div>
    </div>
  );
}
