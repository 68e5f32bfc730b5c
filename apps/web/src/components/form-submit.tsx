import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';
import { SendButton } from './send-button';

type FormSubmitProps = {
  /** The submit button's text, e.g. SAVE PAGE. */
  label: string;
  /** The form is being sent: the button ignores presses meanwhile, but keeps the focus. */
  isPending: boolean;
  /** The form cannot be sent yet for another reason (an incomplete code); the button is disabled too. */
  isDisabled?: boolean;
  /** The success notice beside the button ("Saved."); none while empty. */
  notice?: ReactNode;
  /** The failed submit's error, its server text shown under the foot (spec §8). */
  error?: unknown;
  /** The id of the form, where the button stands outside it. */
  form?: string;
  /** Spacing of the foot in its form, e.g. `mt-3`. */
  className?: string;
  /** What stands beside the button: other actions, a hint. */
  children?: ReactNode;
};

/**
 * The foot of a form (issue 28): its submit button, unavailable while the form is sent, what stands beside it, the
 * success notice, and the failure's server text under it. Every form's own submit button is this one
 * (`form-submit.test.tsx` finds a copy).
 */
export function FormSubmit({ label, isPending, isDisabled = false, notice, error, form, className, children }: FormSubmitProps) {
  return (
    <>
      <div className={`d-flex flex-wrap align-items-center gap-2${className ? ` ${className}` : ''}`}>
        <SendButton form={form} isPending={isPending} isDisabled={isDisabled}>
          {label}
        </SendButton>
        {children}
        {notice && (
          <span className="text-success" role="status">
            {notice}
          </span>
        )}
      </div>
      <ErrorAlert error={error} />
    </>
  );
}
