import './recovery-codes.scss';
import { SITE_NAME } from '../../../config/paths';
import { downloadTextFile } from '../../../lib/download-text-file';
import { recoveryCodesFileName, recoveryCodesText } from '../two-factor-text';
import { CopyButton } from '../../../components/copy-button';

const PRINTING_CLASS = 'is-printing-recovery-codes';

/** Prints the recovery codes alone: the body is marked while the print dialog is open (recovery-codes.scss). */
function printRecoveryCodes() {
  document.body.classList.add(PRINTING_CLASS);
  window.addEventListener('afterprint', () => document.body.classList.remove(PRINTING_CLASS), { once: true });
  window.print();
}

/** The recovery codes, shown once after two-factor login is turned on: to copy, download as a .txt, or print. */
export function RecoveryCodes({ codes, account }: { codes: string[]; account: string }) {
  const text = recoveryCodesText({ account, site: `${SITE_NAME} (${window.location.host})`, codes });
  return (
    <div className="alert alert-success recovery-codes-print-area" role="status">
      <p>
        Two-factor login is on. Keep these recovery codes somewhere safe: each one logs you in once without your app. They are shown only
        now.
      </p>
      <p className="d-none d-print-block">
        {SITE_NAME} ({window.location.host}), login {account}
      </p>
      <ul className="list-unstyled font-monospace" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      {/* Dark outlines: the grey ones lack contrast on the alert's green. */}
      <div className="d-flex flex-wrap gap-2 d-print-none">
        <CopyButton text={codes.join('\n')} label="Copy the recovery codes" copied="Recovery codes copied." variant="outline-dark" />
        <button
          type="button"
          className="btn btn-sm btn-outline-dark"
          onClick={() => downloadTextFile(recoveryCodesFileName(window.location.host), text)}
        >
          Download (.txt)
        </button>
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={printRecoveryCodes}>
          Print
        </button>
      </div>
    </div>
  );
}
