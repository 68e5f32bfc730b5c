import { offlineKeyFileName } from '@store/contracts/constants';
import { isOfflineDevice, type Device, type UserProduct } from '@store/contracts/licence';
import { messages } from '@store/contracts/messages';
import { errorText } from '../../../lib/api-client';
import { useDeleteDeviceMutation } from '../api/delete-device';
import { downloadTextFile } from '../../../lib/download-text-file';

type DeviceTableProps = { licence: UserProduct; userName: string };

const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString();
};

/** The licence's registered computers: name, date, "Download offline Key" for offline ones, and Delete. */
export function DeviceTable({ licence, userName }: DeviceTableProps) {
  const deleteDevice = useDeleteDeviceMutation(userName);
  const deletingId = deleteDevice.isPending ? deleteDevice.variables : undefined;

  const downloadOfflineKey = (device: Device) =>
    downloadTextFile(offlineKeyFileName(licence.name), device.deviceIdHashEncrypted);

  if (licence.orderDevices.length === 0) {
    return <p className="text-body-secondary mb-0">No computers registered yet.</p>;
  }
  return (
    <>
      <div className="table-responsive">
        <table className="table table-sm align-middle mb-0">
          <caption className="visually-hidden">Computers registered for {licence.name}</caption>
          <thead>
            <tr>
              <th scope="col">Computer</th>
              <th scope="col">Registered</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {licence.orderDevices.map((device) => (
              <tr key={device.id} data-testid="device">
                <td>{device.deviceName}</td>
                <td>
                  <time dateTime={device.creationDate}>{formatDate(device.creationDate)}</time>
                </td>
                <td className="text-end">
                  <div className="d-inline-flex flex-wrap justify-content-end gap-2">
                    {isOfflineDevice(device) && (
                      <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => downloadOfflineKey(device)}>
                        Download offline Key
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      disabled={deletingId === device.id}
                      onClick={() => deleteDevice.mutate(device.id)}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {deleteDevice.isError && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {errorText(deleteDevice.error) || messages.somethingWentWrong}
        </div>
      )}
    </>
  );
}
