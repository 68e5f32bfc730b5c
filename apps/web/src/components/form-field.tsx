import '../styles/forms.scss';
import type { UseFormRegisterReturn } from 'react-hook-form';

type FormFieldProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
};

/** A labelled Bootstrap input with its validation message underneath (is-invalid + invalid-feedback). */
export function FormField({ id, label, registration, error, type = 'text', autoComplete }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        className={error ? 'form-control is-invalid' : 'form-control'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoComplete={autoComplete}
        {...registration}
      />
      {error && (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
