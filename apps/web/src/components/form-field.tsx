import '../styles/forms.scss';
import type { UseFormRegisterReturn } from 'react-hook-form';

type FormFieldProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  /** A short explanation under the input (Bootstrap's form-text), read with it by screen readers. */
  help?: string;
  /** The id of a `<datalist>` of suggestions (the field stays free text). */
  list?: string | undefined;
};

/** A labelled Bootstrap input with its validation message underneath (is-invalid + invalid-feedback). */
export function FormField({ id, label, registration, error, type = 'text', autoComplete, help, list }: FormFieldProps) {
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [error ? errorId : '', help ? helpId : ''].filter(Boolean).join(' ');
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
        aria-describedby={describedBy || undefined}
        autoComplete={autoComplete}
        list={list}
        {...registration}
      />
      {error && (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      )}
      {help && (
        <div id={helpId} className="form-text">
          {help}
        </div>
      )}
    </div>
  );
}
