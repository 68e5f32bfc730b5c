import { offlineKeyFileName } from '@store/contracts/constants';
import { isOfflineDevice, type Device } from '@store/contracts/licence';
import type { Order } from '@store/contracts/order';
import { Link } from 'react-router';
import { downloadTextFile } from '../../../../lib/download-text-file';
import { isAdminUser, useCurrentUser } from '../../../../lib/use-current-user';
import { ErrorAlert } from '../../../../components/error-alert';
import { formatDateTime } from '../../shared/format-date';
import { useDeleteOrderDeviceMutation, useOrderDevices, useRevokeOrderMutation } from '../api/orders-api';
import { usePerson } from '../api/persons-api';
import { adminPaths } from '../../shared/admin-paths';
import { ReplaceKeysButton } from './replace-keys-button';
import { LicencePurchase } from '../../webhooks/components/licence-purchase';
import { SendButton } from '../../../../components/send-button';

function KeyText({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label fw-semibold">
        {label}
      </label>
      <textarea id={id} className="form-control font-monospace small" rows={3} readOnly value={value} placeholder="(none)" />
    </div>
  );
}

/** A licence's DETAIL: Key 1024 (serialNew), Key 2048 (serial2048) and the registered computers. */
export function LicenceDetail({ order }: { order: Order }) {
  const devices = useOrderDevices(order.id);
  const deleteDevice = useDeleteOrderDeviceMutation();
  const revokeOrder = useRevokeOrderMutation();
  const product = order.productName ?? '';
  const owner = usePerson(order.personId);
  // Replacing keys, revoking and deleting computers are the administrator's (decision 013); the server refuses
  // support with 403, so support is not offered them.
  const isAdmin = isAdminUser(useCurrentUser());
  const isActive = (order.state ?? 'active') === 'active';

  const remove = (device: Device) => {
    if (window.confirm(`Delete the computer ${device.deviceName} from licence ${order.id}?`)) deleteDevice.mutate(device.id);
  };

  // Revocation (decision 041): a reason, and whether its computers go now or keep their keys until they expire.
  const revoke = () => {
    const reason = window.prompt(`Revoke licence ${order.id} (${product}): the reason, kept in the audit log`)?.trim();
    if (!reason) return;
    const removeDevices = window.confirm('Remove its computers now? (Cancel: they keep working until their keys expire.)');
    revokeOrder.mutate({ id: order.id, reason, removeDevices });
  };

  return (
    <div className="p-2" data-testid={`licence-detail-${order.id}`}>
      {order.serial !== '' && <KeyText id={`order-${order.id}-serial`} label="Serial" value={order.serial} />}
      <KeyText id={`order-${order.id}-key1024`} label="Key 1024" value={order.serialNew} />
      <KeyText id={`order-${order.id}-key2048`} label="Key 2048" value={order.serial2048} />
      <p>
        <Link className="btn btn-sm btn-outline-primary" to={adminPaths.resendSerial(product, owner.data?.email)}>
          Resend Serial
        </Link>
        {isAdmin && isActive && <ReplaceKeysButton orderId={order.id} productName={product} />}
        {isAdmin && isActive && (
          <SendButton type="button" className="btn btn-sm btn-outline-danger ms-2" isPending={revokeOrder.isPending} onClick={revoke}>
            Revoke licence
          </SendButton>
        )}
      </p>
      <ErrorAlert error={revokeOrder.error} />
      <LicencePurchase orderId={order.id} />
      <h3 className="h6">Registered devices</h3>
      {devices.isPending && <p aria-busy="true">Loading…</p>}
      {devices.data?.length === 0 && <p className="text-body-secondary mb-0">No devices registered.</p>}
      {devices.data && devices.data.length > 0 && (
        <table className="table table-sm align-middle mb-0">
          <caption className="visually-hidden">Devices of licence {order.id}</caption>
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Device ID</th>
              <th scope="col">Registered</th>
              <th scope="col">Key works until</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {devices.data.map((device) => (
              <tr key={device.id} data-testid="device">
                <td>{device.deviceName}</td>
                <td className="font-monospace small text-break">{device.deviceIdHash}</td>
                <td>
                  <time dateTime={device.creationDate}>{formatDateTime(device.creationDate)}</time>
                </td>
                <td>
                  {device.keyExpiresAt ? (
                    <>
                      <time dateTime={device.keyExpiresAt}>{formatDateTime(device.keyExpiresAt)}</time>
                      <span className="d-block small text-body-secondary">
                        {device.renewedAt ? `renewed ${formatDateTime(device.renewedAt)}` : 'not renewed yet'}
                      </span>
                    </>
                  ) : (
                    'Permanent'
                  )}
                </td>
                <td className="text-end">
                  <div className="d-inline-flex flex-wrap justify-content-end gap-2">
                    {/* Support is answered no key file (decision 088): nothing to download. */}
                    {isOfflineDevice(device) && device.deviceIdHashEncrypted !== '' && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary"
                        onClick={() => downloadTextFile(offlineKeyFileName(product), device.deviceIdHashEncrypted)}
                      >
                        Download offline Key
                      </button>
                    )}
                    {isAdmin && (
                      <SendButton
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        isPending={deleteDevice.isPending && deleteDevice.variables === device.id}
                        onClick={() => remove(device)}
                      >
                        Delete
                      </SendButton>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorAlert error={deleteDevice.error} />
    </div>
  );
}
