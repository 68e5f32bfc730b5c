import type { Product } from '@store/contracts/product';
import type { UseFormRegisterReturn } from 'react-hook-form';

type ProductMultiSelectProps = {
  id: string;
  label: string;
  /** The help under the list, which describes it while there is no error. */
  help: string;
  products: Product[];
  registration: UseFormRegisterReturn;
  error: string | undefined;
};

/** Several products of the catalogue: a multiple select with its validation message and help (bundle parts, offer sources). */
export function ProductMultiSelect({ id, label, help, products, registration, error }: ProductMultiSelectProps) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        multiple
        size={Math.min(Math.max(products.length, 3), 8)}
        className={error ? 'form-select is-invalid' : 'form-select'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-help`}
        {...registration}
      >
        {products.map((product) => (
          <option key={product.id} value={product.id}>
            {product.name}
          </option>
        ))}
      </select>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
      <div id={`${id}-help`} className="form-text">
        {help}
      </div>
    </div>
  );
}
