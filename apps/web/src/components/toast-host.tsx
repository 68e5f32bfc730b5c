import { dismissToast, useToasts } from '../lib/toast-store';

/**
 * The toasts of the whole app, bottom right, announced politely to screen readers (a live region that is always
 * in the page, so additions are read out; no status role, which the screens' own messages carry).
 */
export function ToastHost() {
  const toasts = useToasts();
  return (
    <div className="toast-container position-fixed bottom-0 end-0 p-3" aria-live="polite" aria-atomic="false" data-testid="toasts">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast show align-items-center border-0 text-bg-${toast.variant}`} data-testid="toast">
          <div className="d-flex">
            <div className="toast-body">{toast.text}</div>
            <button
              type="button"
              className="btn-close btn-close-white me-2 m-auto"
              aria-label="Close"
              onClick={() => dismissToast(toast.id)}
            />
          </div>
        </div>
      ))}
    </div>
  );
}
