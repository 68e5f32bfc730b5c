import { offlineKeyFileName } from '@store/contracts/constants';
import { isOfflineDevice, type Device, type UserProduct } from '@store/contracts/licence';
import { useRef, useState } from 'react';
import { downloadTextFile } from '../../../lib/download-text-file';
import { showToast } from '../../../lib/toast-store';
import { useDeleteDeviceMutation } from '../api/delete-device';
import { useRenameDeviceMutation } from '../api/rename-device';
import { formatDay, formatMoment } from '../licence-rules';
import { RemoveDeviceDialog, RenameDeviceDialog } from './device-dialogs';

type DeviceTableProps = { licence: UserProduct; userName: string };

/**
 * The licence's registered computers: name, registration date, last activation, "Download offline Key" for
 * offline ones, Rename, and Delete, which asks first.
 */
export function DeviceTable({ licence, userName }: DeviceTableProps) {
  const deleteDevice = useDeleteDeviceMutation(userName);
  const renameDevice = useRenameDeviceMutation(userName);
  const [removing, setRemoving] = useState<Device | null>(null);
  const [renaming, setRenaming] = useState<Device | null>(null);
  // A removed computer's row goes with the button that had the focus: it moves to the licence's computers instead.
  const computers = useRef<HTMLDivElement>(null);
  const isRemoved = useRef(false);

  const downloadOfflineKey = (device: Device) => downloadTextFile(offlineKeyFileName(licence.name), device.deviceIdHashEncrypted);

  const askToRemove = (device: Device) => {
    deleteDevice.reset();
    setRemoving(device);
  };
  const remove = (device: Device) =>
    deleteDevice.mutate(device.id, {
      onSuccess: () => {
        isRemoved.current = true;
        setRemoving(null);
        showToast(`${device.deviceName} was removed from ${licence.name}.`);
      },
    });
  const askToRename = (device: Device) => {
    renameDevice.reset();
    setRenaming(device);
  };
  const rename = (device: Device, deviceName: string) =>
    renameDevice.mutate(
      { deviceId: device.id, deviceName },
      {
        onSuccess: (answer) => {
          setRenaming(null);
          showToast(`Renamed to ${answer.deviceName}.`);
        },
      },
    );

  const dialogs = (
    <>
      <RemoveDeviceDialog
        device={removing}
        productName={licence.name}
        isRemoving={deleteDevice.isPending}
        error={deleteDevice.error}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
        onExited={() => {
          if (isRemoved.current) computers.current?.focus();
          isRemoved.current = false;
        }}
      />
      <RenameDeviceDialog
        device={renaming}
        isSaving={renameDevice.isPending}
        error={renameDevice.error}
        onSave={rename}
        onCancel={() => setRenaming(null)}
      />
    </>
  );

  if (licence.orderDevices.length === 0) {
    return (
      <>
        <div ref={computers} tabIndex={-1}>
          <p className="text-body-secondary mb-0" data-testid="no-devices">
            No computers registered yet. Open the plug-in on your computer and log in with this account to activate it.
          </p>
        </div>
        {dialogs}
      </>
    );
  }
  return (
    <>
      {/* Positioned, so the visually hidden "Actions" header scrolls with the table instead of widening the page. */}
      <div className="table-responsive position-relative" ref={computers} tabIndex={-1}>
        <table className="table table-sm align-middle mb-0">
          <caption className="visually-hidden">Computers registered for {licence.name}</caption>
          <thead>
            <tr>
              <th scope="col">Computer</th>
              <th scope="col">Registered</th>
              <th scope="col">Last activated</th>
              <th scope="col">Key works until</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {licence.orderDevices.map((device) => (
              <tr key={device.id} data-testid="device">
                <td>
                  {device.deviceName}
                  {isOfflineDevice(device) && (
                    <div className="small text-body-secondary" data-testid="device-id">
                      Device ID:{' '}
                      <code className="d-inline-block align-top user-select-all" style={{ width: '16ch', wordBreak: 'break-all' }}>
                        {device.deviceIdHash}
                      </code>
                    </div>
                  )}
                </td>
                <td>
                  <time dateTime={device.creationDate}>{formatDay(device.creationDate)}</time>
                </td>
                <td data-testid="last-activated">
                  <time dateTime={device.lastActivatedAt ?? device.creationDate}>
                    {formatMoment(device.lastActivatedAt ?? device.creationDate)}
                  </time>
                </td>
                <td data-testid="key-expiry">
                  {device.keyExpiresAt ? (
                    <>
                      <time dateTime={device.keyExpiresAt}>{formatDay(device.keyExpiresAt)}</time>
                      <span className="d-block small text-muted">
                        {device.renewedAt ? `renewed ${formatMoment(device.renewedAt)}` : 'not renewed yet'}
                      </span>
                    </>
                  ) : (
                    'Permanent'
                  )}
                </td>
                <td className="text-end">
                  <div className="d-inline-flex flex-wrap justify-content-end gap-2">
                    {/* A place holding the module's expiring key has no offline key to give (decision 102). */}
                    {isOfflineDevice(device) && device.deviceIdHashEncrypted !== '' && (
                      <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => downloadOfflineKey(device)}>
                        Download offline Key
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      aria-label={`Rename ${device.deviceName}`}
                      onClick={() => askToRename(device)}
                    >
                      Rename
                    </button>
                    <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => askToRemove(device)}>
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {dialogs}
    </>
  );
}
