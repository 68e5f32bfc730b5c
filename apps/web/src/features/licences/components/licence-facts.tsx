import { MAX_DEVICES_PER_LICENSE } from '@store/contracts/constants';
import type { UserProduct } from '@store/contracts/licence';
import { CopyButton } from '../../../components/copy-button';
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
  erased: 'Ended (owner erased)',
  revoked: 'Revoked',
};

/**
 * What tells two licences apart and what the customer can do next: licence (order) number, purchase date, status,
 * serial number with a copy button, free computer places, the versions an upgrade covers or what it was upgraded to
 * (decision 036), and from when a transfer is possible.
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
            <CopyButton
              text={licence.serial}
              label={`Copy serial number of licence #${licence.orderId}`}
              copied="Serial number copied."
              className="py-0"
            />
          </dd>
        </>
      )}
      <dt className="col-sm-4 col-lg-3">Computers</dt>
      <dd className="col-sm-8 col-lg-9" data-testid="free-places">
        {free} of {MAX_DEVICES_PER_LICENSE} places free
      </dd>
      {licence.upgradedFrom && (
        <>
          <dt className="col-sm-4 col-lg-3">Covers</dt>
          <dd className="col-sm-8 col-lg-9" data-testid="licence-covers">
            {licence.upgradedFrom} and {licence.name} (upgraded from your {licence.upgradedFrom} licence)
          </dd>
        </>
      )}
      {licence.upgradedTo && (
        <>
          <dt className="col-sm-4 col-lg-3">Upgrade</dt>
          <dd className="col-sm-8 col-lg-9" data-testid="licence-upgraded-to">
            Upgraded to {licence.upgradedTo}. This licence keeps working for {licence.name} and stays with you.
          </dd>
        </>
      )}
      {!licence.upgradedTo && !canTransferLicence(licence.licenseActivationDate) && transferDate && (
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
