import { showToast } from '../../../lib/toast-store';

/** A small button that copies `text` and says so in a toast (or that the browser refused, with what to do instead). */
export function CopyButton({ text, label, copied }: { text: string; label: string; copied: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(copied);
    } catch {
      showToast('Your browser did not allow copying. Select the text and copy it yourself.', 'danger');
    }
  };
  return (
    <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={label} onClick={() => void copy()}>
      Copy
    </button>
  );
}
