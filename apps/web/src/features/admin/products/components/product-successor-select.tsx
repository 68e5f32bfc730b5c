import { usePublicProducts } from '../../../../lib/checkout/product-paths';

type ProductSuccessorSelectProps = { productId: number; value: number | null; onChange: (successorId: number | null) => void };

/**
 * The product's next major version (decision 036): another product, with its own FastSpring path and keys. A
 * successor the list does not hold (not loaded, or since renamed) stays selected under its id, so a save never drops it.
 */
export function ProductSuccessorSelect({ productId, value, onChange }: ProductSuccessorSelectProps) {
  const products = usePublicProducts();
  const choices = (products.data ?? []).filter((candidate) => candidate.id !== productId);
  const isValueListed = value === null || choices.some((candidate) => candidate.id === value);
  return (
    <div className="mb-3">
      <label htmlFor="product-successor" className="form-label">
        Successor
      </label>
      <select
        id="product-successor"
        className="form-select"
        value={value ?? ''}
        aria-describedby="product-successor-help"
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">None</option>
        {!isValueListed && <option value={value}>Product #{value}</option>}
        {choices.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </select>
      <div id="product-successor-help" className="form-text">
        Its next major version. The shop says on this product&apos;s page that the successor is out; sell upgrades to it under ADMIN →
        UPGRADES.
      </div>
    </div>
  );
}
