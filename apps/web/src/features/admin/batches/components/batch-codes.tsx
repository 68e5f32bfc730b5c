import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { formatDateTime } from '../../shared/format-date';
import { useBatchCodes } from '../api/batches-api';

/** A batch's codes, each with its redemption (who, when) or that it was voided. */
export function BatchCodes({ batchNumber }: { batchNumber: number }) {
  const codes = useBatchCodes(batchNumber);
  if (codes.isPending) return <p aria-busy="true">Loading…</p>;
  if (!codes.data) return <p className="text-danger">The codes could not be loaded.</p>;
  return (
    <table className="table table-sm mb-0" aria-label={`Codes of batch ${batchNumber}`}>
      <thead>
        <tr>
          <th scope="col">Activation code</th>
          <th scope="col">Status</th>
          <th scope="col">Redeemed by</th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {codes.data.map((code) => (
          <tr key={code.id}>
            <td className="font-monospace">{code.activationKey}</td>
            <td>{code.redeemedAt ? 'redeemed' : code.voidedAt ? 'voided' : 'open'}</td>
            <td>
              {code.personId !== null && (
                <Link to={paths.adminPerson(code.personId)}>{code.personEmail || code.personName || `#${code.personId}`}</Link>
              )}
            </td>
            <td>{code.redeemedAt ? formatDateTime(code.redeemedAt) : code.voidedAt ? formatDateTime(code.voidedAt) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
