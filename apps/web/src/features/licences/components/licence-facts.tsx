import { MAX_DEVICES_PER_LICENSE } from '@store/contracts/constants';
import type { UserProduct } from '@store/contracts/licence';
import { showToast } from '../../../lib/toast-store';
import { canTransferLicence, formatDay, freeDevicePlaces, transferPossibleFrom } from '../licence-rules';

const sourceLabels: Record<NonNullable<UserProduct['source']>, string> = {
  purchase: 'Purchased',
  activation: 'Activated with a code',
  admin: 'Issued by us',
  transfer: 'Transferred to you',
  import: 'Imported',
};
const statusLabels: Record<NonNullable<UserProduct['status']>, string> = {
  active: 'Active',
  refunded: 'Refunded',
  transferred: 'Transferred',
  revoked: 'Revoked',
};

async function copySerial(serial: string) {
  try {
    await navigator.clipboard.writeText(serial);
    showToast('Serial number copied.');
  } catch {
    showToast('Your browser did not allow copying. Select the serial number and copy it yourself.', 'danger');
  }
}

/**
 * What tells two licences apart and what the customer can do next: licence (order) number, purchase date, status,
 * serial number with a copy button, free computer places, and from when a transfer is possible.
 */
export function LicenceFacts({ licence }: { licence: UserProduct }) {
  const free = freeDevicePlaces(licence);
  const transferDate = transferPossibleFrom(licence.licenseActivationDate);
  const status = licence.status ?? 'active';
  return (
    <dl className="licence-facts row small mb-3" data-testid="licence-facts">
      <dt className="col-sm-4 col-lg-3">Licence</dt>
      <dd className="col-sm-8 col-lg-9" data-testid="licence-number">
        #{licence.orderId}
        {licence.source && <span className="text-body-secondary"> · {sourceLabels[licence.source]}</span>}
      </dd>
      {licence.purchaseDate && (
        <>
          <dt className="col-sm-4 col-lg-3">Purchase date</dt>
          <dd className="col-sm-8 col-lg-9">
            <time dateTime={licence.purchaseDate}>{formatDay(licence.purchaseDate)}</time>
          </dd>
        </>
      )}
      <dt className="col-sm-4 col-lg-3">Status</dt>
      <dd className="col-sm-8 col-lg-9">
        <span className={`badge ${status === 'active' ? 'text-bg-success' : 'text-bg-secondary'}`} data-testid="licence-status">
          {statusLabels[status]}
        </span>
      </dd>
      {licence.serial && (
        <>
          <dt className="col-sm-4 col-lg-3">Serial number</dt>
          <dd className="col-sm-8 col-lg-9 d-flex flex-wrap align-items-center gap-2">
            <code className="user-select-all" data-testid="licence-serial">
              {licence.serial}
            </code>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary py-0"
              aria-label={`Copy serial number of licence #${licence.orderId}`}
              onClick={() => void copySerial(licence.serial ?? '')}
            >
              Copy
            </button>
          </dd>
        </>
      )}
      <dt className="col-sm-4 col-lg-3">Computers</dt>
      <dd className="col-sm-8 col-lg-9" data-testid="free-places">
        {free} of {MAX_DEVICES_PER_LICENSE} places free
      </dd>
      {!canTransferLicence(licence.licenseActivationDate) && transferDate && (
        <>
          <dt className="col-sm-4 col-lg-3">Transfer</dt>
          <dd className="col-sm-8 col-lg-9" data-testid="transfer-date">
            Possible from <time dateTime={transferDate.toISOString()}>{formatDay(transferDate)}</time>
          </dd>
        </>
      )}
    </dl>
  );
}
