import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextAreaField } from '../../../../components/form-field';

type PrivateKeyFieldProps = {
  id: string;
  label: string;
  rows?: number;
  /** The field's current value, to say whether a key is set while it is hidden. */
  value: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
};

/**
 * A private key, hidden until "Show" is pressed (a screen shared or seen over a shoulder does not give it away).
 * While hidden the form keeps its value; a field with an error shows itself, so the error can be read and mended.
 */
export function PrivateKeyField({ id, label, rows, value, registration, error }: PrivateKeyFieldProps) {
  const [isShown, setIsShown] = useState(false);
  const toggle = (
    <button
      type="button"
      className="btn btn-sm btn-link p-0 ms-2 align-baseline"
      aria-label={`${isShown ? 'Hide' : 'Show'} ${label}`}
      aria-expanded={isShown}
      onClick={() => setIsShown(!isShown)}
    >
      {isShown ? 'Hide' : 'Show'}
    </button>
  );
  if (isShown || error) {
    return (
      <div className="position-relative">
        <div className="position-absolute top-0 end-0">{toggle}</div>
        <TextAreaField id={id} label={label} rows={rows} isMonospace registration={registration} error={error} />
      </div>
    );
  }
  return (
    <div className="mb-3">
      <span className="form-label d-inline-block" id={`${id}-label`}>
        {label}
      </span>
      {toggle}
      <p className="form-control font-monospace small text-body-secondary mb-0" data-testid={`${id}-hidden`}>
        {value.trim() ? 'Hidden. Press Show to see or change it.' : 'Not set. Press Show to paste one, or use Generate keys.'}
      </p>
    </div>
  );
}
