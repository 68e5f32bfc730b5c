import { showToast } from '../lib/toast-store';

type CopyButtonProps = {
  text: string;
  /** The accessible name: says what is copied ("Copy the key"). */
  label: string;
  /** The toast after copying. */
  copied: string;
  variant?: 'outline-secondary' | 'outline-dark';
  className?: string;
};

/** A small button that copies `text` and says so in a toast (or that the browser refused, with what to do instead). */
export function CopyButton({ text, label, copied, variant = 'outline-secondary', className = '' }: CopyButtonProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(copied);
    } catch {
      showToast('Your browser did not allow copying. Select the text and copy it yourself.', 'danger');
    }
  };
  return (
    <button type="button" className={`btn btn-sm btn-${variant} ${className}`.trim()} aria-label={label} onClick={() => void copy()}>
      Copy
    </button>
  );
}
