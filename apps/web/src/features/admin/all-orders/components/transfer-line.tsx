import type { TransferEntry } from '@store/contracts/order-detail';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { formatMoney } from '../../../../lib/checkout/format-money';
import { adminPaths } from '../../shared/admin-paths';
import { formatDateTime } from '../../shared/format-date';

const personLink = (id: number | null, email: string) =>
  id === null ? <span>{email || 'an erased person'}</span> : <Link to={paths.adminPerson(id)}>{email || `#${id}`}</Link>;

/** A transfer as its own entry (decision 060): when, which licence, from whom to whom, and the fee paid for it. */
export function TransferLine({ transfer }: { transfer: TransferEntry }) {
  return (
    <>
      {formatDateTime(transfer.date)}: <Link to={adminPaths.order(transfer.orderId)}>Order {transfer.orderId}</Link> ({transfer.productName}
      ) transferred from {personLink(transfer.fromPersonId, transfer.fromEmail)} to {personLink(transfer.toPersonId, transfer.toEmail)}
      {transfer.fee === null
        ? ', no fee (by staff)'
        : `, fee ${formatMoney(transfer.fee, transfer.currency ?? '')}${transfer.providerReference ? ` (${transfer.providerReference})` : ''}`}
      {transfer.refunded !== null && `, refunded ${formatMoney(transfer.refunded, transfer.currency ?? '')}`}
    </>
  );
}
