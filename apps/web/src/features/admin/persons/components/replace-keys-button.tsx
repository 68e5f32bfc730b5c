import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { showToast } from '../../../../lib/toast-store';
import { ErrorAlert } from '../../../../components/error-alert';
import { useReplaceKeysMutation } from '../api/orders-api';

/**
 * "Replace keys" on a licence (a leaked serial, decision 055): a confirmation that says the old serial and key files
 * stop working and whether the computers go now, then new keys issued and mailed to the owner.
 */
export function ReplaceKeysButton({ orderId, productName }: { orderId: number; productName: string }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [removeDevices, setRemoveDevices] = useState(false);
  const replace = useReplaceKeysMutation();
  const close = () => setIsConfirming(false);
  const titleId = `replace-keys-title-${orderId}`;
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-danger ms-2" onClick={() => setIsConfirming(true)}>
        Replace keys
      </button>
      <ConfirmDialog
        show={isConfirming}
        titleId={titleId}
        title={`Replace the keys of licence ${orderId} (${productName})?`}
        error={<ErrorAlert error={replace.error} className="mt-3 mb-0" />}
        confirmLabel="REPLACE KEYS"
        confirmStyle="danger"
        isPending={replace.isPending}
        onConfirm={() =>
          replace.mutate(
            { id: orderId, removeDevices },
            {
              onSuccess: () => {
                showToast(`New keys of licence ${orderId} issued and mailed to the owner.`);
                close();
              },
            },
          )
        }
        onClose={close}
        onExited={() => {
          if (!replace.isPending) replace.reset();
          setRemoveDevices(false);
        }}
      >
        <p>
          A new serial and new key files are issued and mailed to the owner. The old serial and key files stop working: they can no longer
          register a computer or unlock the plug-in.
        </p>
        <div className="form-check">
          <input
            id={`replace-keys-remove-${orderId}`}
            type="checkbox"
            className="form-check-input"
            checked={removeDevices}
            onChange={(event) => setRemoveDevices(event.target.checked)}
          />
          <label htmlFor={`replace-keys-remove-${orderId}`} className="form-check-label">
            Remove its computers now (otherwise they keep working until their keys expire)
          </label>
        </div>
      </ConfirmDialog>
    </>
  );
}
