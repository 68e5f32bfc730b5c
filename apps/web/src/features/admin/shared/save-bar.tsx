import { ErrorAlert } from './error-alert';

type SaveBarProps = {
  /** The submit button's text, e.g. SAVE BUNDLE. */
  label: string;
  isPending: boolean;
  /** The saved notice ("Bundle saved."); empty while there is none. */
  notice: string;
  /** The failed save's error, shown under the bar. */
  error: unknown;
};

/** The foot of an admin editor form: its submit button, the saved notice beside it, the failed save under it. */
export function SaveBar({ label, isPending, notice, error }: SaveBarProps) {
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={isPending}>
          {label}
        </button>
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
