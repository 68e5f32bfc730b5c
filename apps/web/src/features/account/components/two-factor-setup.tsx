import type { TwoFactorSetup as Setup } from '@store/contracts/account';
import { lazy, Suspense } from 'react';
import { groupSecret } from '../two-factor-text';
import { CopyButton } from '../../../components/copy-button';

// The QR library loads only when a set-up starts: no other screen, and not the customer area itself, carries it.
const TwoFactorQrCode = lazy(async () => ({ default: (await import('./two-factor-qr-code')).TwoFactorQrCode }));

/** What to add to the authenticator app: the QR code to scan, or the secret (grouped by 4, with a copy button) to type. */
export function TwoFactorSetup({ setup }: { setup: Setup }) {
  return (
    <div className="d-flex flex-column flex-sm-row gap-3 align-items-sm-start mb-2">
      <Suspense
        fallback={
          <div className="d-flex align-items-center justify-content-center border rounded" style={{ width: 176, height: 176 }}>
            <span className="spinner-border spinner-border-sm text-secondary" role="status">
              <span className="visually-hidden">Loading the QR code…</span>
            </span>
          </div>
        }
      >
        <TwoFactorQrCode uri={setup.uri} />
      </Suspense>
      <div>
        <p className="mb-1">
          Scan the QR code with your authenticator app, or open the <a href={setup.uri}>setup link</a> on this device. If you cannot scan
          it, type this key into the app:
        </p>
        <p className="d-flex flex-wrap align-items-center gap-2">
          <code className="fs-6 user-select-all" data-testid="two-factor-secret">
            {groupSecret(setup.secret)}
          </code>
          <CopyButton text={setup.secret} label="Copy the key" copied="Key copied." />
        </p>
        <p className="mb-0">Then enter the 6-digit code the app shows.</p>
      </div>
    </div>
  );
}
