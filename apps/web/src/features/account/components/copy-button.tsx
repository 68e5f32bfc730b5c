import { showToast } from '../../../lib/toast-store';

type CopyButtonProps = { text: string; label: string; copied: string; variant?: 'outline-secondary' | 'outline-dark' };

/** A small button that copies `text` and says so in a toast (or that the browser refused, with what to do instead). */
export function CopyButton({ text, label, copied, variant = 'outline-secondary' }: CopyButtonProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(copied);
    } catch {
      showToast('Your browser did not allow copying. Select the text and copy it yourself.', 'danger');
    }
  };
  return (
    <button type="button" className={`btn btn-sm btn-${variant}`} aria-label={label} onClick={() => void copy()}>
      Copy
    </button>
  );
}
