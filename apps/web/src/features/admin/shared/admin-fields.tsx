import '../../../styles/forms.scss';
import type { Product } from '@store/contracts/product';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type FieldProps = { id: string; label: string; error?: string | undefined };

const controlClass = (base: string, error: string | undefined) => (error ? `${base} is-invalid` : base);

function Feedback({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <div id={`${id}-error`} className="invalid-feedback">
      {error}
    </div>
  ) : null;
}

const describedBy = (id: string, error: string | undefined) => (error ? `${id}-error` : undefined);

/** A labelled textarea with its validation message. */
export function TextAreaField({
  id,
  label,
  error,
  registration,
  rows = 3,
  isMonospace = false,
}: FieldProps & {
  registration: UseFormRegisterReturn;
  rows?: number;
  isMonospace?: boolean;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        spellCheck={false}
        className={controlClass(isMonospace ? 'form-control font-monospace small' : 'form-control', error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        {...registration}
      />
      <Feedback id={id} error={error} />
    </div>
  );
}

/** A labelled select with its validation message; `children` are the options. */
export function SelectField({
  id,
  label,
  error,
  registration,
  children,
}: FieldProps & {
  registration: UseFormRegisterReturn;
  children: ReactNode;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        className={controlClass('form-select', error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        {...registration}
      >
        {children}
      </select>
      <Feedback id={id} error={error} />
    </div>
  );
}

/** A labelled checkbox. */
export function CheckboxField({ id, label, registration }: Omit<FieldProps, 'error'> & { registration: UseFormRegisterReturn }) {
  return (
    <div className="form-check mb-3">
      <input id={id} type="checkbox" className="form-check-input" {...registration} />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
    </div>
  );
}

/**
 * Several products of the catalogue (bundle parts, offer sources): a labelled multiple select with its validation
 * message and its help, which describes it while there is no error.
 */
export function ProductMultiSelect({
  id,
  label,
  help,
  products,
  error,
  registration,
}: FieldProps & {
  help: string;
  products: Product[];
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        multiple
        size={Math.min(Math.max(products.length, 3), 8)}
        className={controlClass('form-select', error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error) ?? `${id}-help`}
        {...registration}
      >
        {products.map((product) => (
          <option key={product.id} value={product.id}>
            {product.name}
          </option>
        ))}
      </select>
      <Feedback id={id} error={error} />
      <div id={`${id}-help`} className="form-text">
        {help}
      </div>
    </div>
  );
}
