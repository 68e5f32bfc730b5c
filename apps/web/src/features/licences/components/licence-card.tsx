import { offlineKeyFileName, olderReleaseKeyFileName, productPageUrl, serialKeyFileName } from '@store/contracts/constants';
import type { UserProduct } from '@store/contracts/licence';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { downloadTextFile } from '../../../lib/download-text-file';
import { actualKeyOf } from '@store/contracts/licence-keys';
import { canTransferLicence, hasOlderReleaseKey } from '../licence-rules';
import { DeviceTable } from './device-table';
import { RemovalCodeSection } from './removal-code-form';
import { LicenceFacts } from './licence-facts';
import { OfflineRegistrationDialog } from './offline-registration-dialog';
import { ReplaceKeysDialog } from './replace-keys-dialog';

type LicenceCardProps = { licence: UserProduct; userName: string };

/** One licence: its product page link, key downloads, offline registration, transfer and computers (spec §2, §4). */
export function LicenceCard({ licence, userName }: LicenceCardProps) {
  const [isOfflineDialogOpen, setIsOfflineDialogOpen] = useState(false);
  const [isReplaceDialogOpen, setIsReplaceDialogOpen] = useState(false);
  const headingId = `licence-${licence.orderId}-heading`;
  const keyFileName = serialKeyFileName(licence.name);
  const olderKeyFileName = olderReleaseKeyFileName(licence.name);
  const hasOlderKey = hasOlderReleaseKey(licence);
  const actualKeyId = `licence-${licence.orderId}-actual-key`;
  const olderKeyId = `licence-${licence.orderId}-older-key`;

  return (
    <section aria-labelledby={headingId} className="card mb-4" data-testid="licence">
      <div className="card-body">
        <h3 id={headingId} className="h5 card-title mb-3">
          <Link to={productPageUrl(licence.name)}>{licence.name}</Link>
        </h3>
        <LicenceFacts licence={licence} />
        <div className="d-flex flex-wrap gap-2 mb-2">
          <button
            type="button"
            className="btn btn-primary"
            aria-describedby={actualKeyId}
            onClick={() => downloadTextFile(keyFileName, actualKeyOf(licence))}
          >
            Download Actual Key
          </button>
          {hasOlderKey && (
            <button
              type="button"
              className="btn btn-outline-primary"
              aria-describedby={olderKeyId}
              onClick={() => downloadTextFile(olderKeyFileName, licence.serialNew)}
            >
              Download key for older releases
            </button>
          )}
          <button type="button" className="btn btn-outline-primary" onClick={() => setIsOfflineDialogOpen(true)}>
            Offline Registration
          </button>
          {/* An upgraded licence stays with its owner; the upgrade licence is the one to sell on (decision 036). */}
          {!licence.upgradedTo && canTransferLicence(licence.licenseActivationDate) && (
            <Link to={paths.transferLicense(licence.orderId)} className="btn btn-outline-primary">
              Transfer License...
            </Link>
          )}
          <button type="button" className="btn btn-outline-danger" onClick={() => setIsReplaceDialogOpen(true)}>
            Replace keys...
          </button>
        </div>
        <ul className="list-unstyled small mb-3" data-testid="key-files">
          <li id={actualKeyId}>
            <strong>{keyFileName}</strong>: for the current release of {licence.name}
            {hasOlderKey ? ' (its 2048-bit key).' : '.'}
          </li>
          {hasOlderKey && (
            <li id={olderKeyId}>
              <strong>{olderKeyFileName}</strong>: for releases of {licence.name} before its 2048-bit keys (the 1024-bit key).
            </li>
          )}
        </ul>
        <div className="small text-body-secondary mb-3" data-testid="key-files-help">
          <p className="mb-1">
            <strong>{keyFileName}</strong> (Download Actual Key) proves your licence. It names no computer, so it does not unlock the
            plug-in by itself: in the plug-in, register the computer online with it, or sign in with this account.
          </p>
          <p className="mb-0">
            For a computer without internet, use Offline Registration with the Device ID the plug-in shows there, then Download offline Key
            in the list below. That file, <strong>{offlineKeyFileName(licence.name)}</strong>, is the one to load into the plug-in on that
            computer.
          </p>
        </div>
        <DeviceTable licence={licence} userName={userName} />
        <RemovalCodeSection licence={licence} userName={userName} />
      </div>
      <OfflineRegistrationDialog
        licence={licence}
        userName={userName}
        show={isOfflineDialogOpen}
        onClose={() => setIsOfflineDialogOpen(false)}
      />
      <ReplaceKeysDialog licence={licence} userName={userName} show={isReplaceDialogOpen} onClose={() => setIsReplaceDialogOpen(false)} />
    </section>
  );
}
