import '../styles/forms.scss';
import type { Product } from '@store/contracts/product';
import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** What every field takes: `fieldOf(name)` of lib/use-schema-form.ts gives the last two. */
type FieldProps = { id: string; label: string; registration: UseFormRegisterReturn; error?: string | undefined };

const controlClass = (base: string, error: string | undefined) => (error ? `${base} is-invalid` : base);

const isTypedInto = (element: Element | null): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/**
 * Whether a field's error must be an alert to be heard, judged as it appears. A screen reader says the focused
 * control's description, which is its error: with the focus in a field of the same form (a server failure focuses
 * its field, a failed check the first invalid one, or the user is typing) an alert would say it twice. Otherwise
 * (the focus on the submit button, say) nothing else would say it.
 */
function needsAlert(id: string): boolean {
  const focused = document.activeElement;
  const control = document.getElementById(id);
  if (focused === control) return false;
  return !(isTypedInto(focused) && isTypedInto(control) && focused.form !== null && focused.form === control.form);
}

/** A field's validation message, decided alert or not when it appears (a new message is a new element). */
function FieldError({ id, error }: { id: string; error: string }) {
  const [isAlert] = useState(() => needsAlert(id));
  return (
    <div id={`${id}-error`} className="invalid-feedback" role={isAlert ? 'alert' : undefined}>
      {error}
    </div>
  );
}

/** The label above a control, and under it its validation message (invalid-feedback) and its help (form-text). */
function LabelledControl({
  id,
  label,
  error,
  help,
  children,
}: Omit<FieldProps, 'registration'> & { help?: string | undefined; children: ReactNode }) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
      {error && <FieldError key={error} id={id} error={error} />}
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  );
}

/** The control's invalid state, read with its message and its help by screen readers. */
const describedControl = (id: string, error: string | undefined, help?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [error ? `${id}-error` : '', help ? `${id}-help` : ''].filter(Boolean).join(' ') || undefined,
});

type FormFieldProps = FieldProps & {
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  /** A short explanation under the input (Bootstrap's form-text), read with it by screen readers. */
  help?: string;
  /** The id of a `<datalist>` of suggestions (the field stays free text). */
  list?: string | undefined;
};

/** A labelled Bootstrap input with its validation message underneath (is-invalid + invalid-feedback). */
export function FormField({ id, label, registration, error, type = 'text', autoComplete, help, list }: FormFieldProps) {
  return (
    <LabelledControl id={id} label={label} error={error} help={help}>
      <input
        id={id}
        type={type}
        className={controlClass('form-control', error)}
        {...describedControl(id, error, help)}
        autoComplete={autoComplete}
        list={list}
        {...registration}
      />
    </LabelledControl>
  );
}

/** A labelled textarea with its validation message. */
export function TextAreaField({
  id,
  label,
  error,
  registration,
  rows = 3,
  isMonospace = false,
}: FieldProps & {
  rows?: number | undefined;
  isMonospace?: boolean;
}) {
  return (
    <LabelledControl id={id} label={label} error={error}>
      <textarea
        id={id}
        rows={rows}
        spellCheck={false}
        className={controlClass(isMonospace ? 'form-control font-monospace small' : 'form-control', error)}
        {...describedControl(id, error)}
        {...registration}
      />
    </LabelledControl>
  );
}

/** A labelled select with its validation message; `children` are the options. */
export function SelectField({ id, label, error, registration, children }: FieldProps & { children: ReactNode }) {
  return (
    <LabelledControl id={id} label={label} error={error}>
      <select id={id} className={controlClass('form-select', error)} {...describedControl(id, error)} {...registration}>
        {children}
      </select>
    </LabelledControl>
  );
}

/** A labelled checkbox. */
export function CheckboxField({ id, label, registration }: FieldProps) {
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
export function ProductMultiSelect({ id, label, help, products, error, registration }: FieldProps & { help: string; products: Product[] }) {
  return (
    <LabelledControl id={id} label={label} error={error} help={help}>
      <select
        id={id}
        multiple
        size={Math.min(Math.max(products.length, 3), 8)}
        className={controlClass('form-select', error)}
        {...describedControl(id, error)}
        aria-describedby={error ? `${id}-error` : `${id}-help`}
        {...registration}
      >
        {products.map((product) => (
          <option key={product.id} value={product.id}>
            {product.name}
          </option>
        ))}
      </select>
    </LabelledControl>
  );
}
