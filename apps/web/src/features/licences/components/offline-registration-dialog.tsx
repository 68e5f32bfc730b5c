import { offlineKeyFileName } from '@store/contracts/constants';
import { offlineDeviceForm } from '@store/contracts/forms';
import type { UserProduct } from '@store/contracts/licence';
import Modal from 'react-bootstrap/Modal';
import { FormField } from '../../../components/form-field';
import { SendButton } from '../../../components/send-button';
import { ApiError } from '../../../lib/api-client';
import { useOfflineRegistrationMutation } from '../api/register-offline-device';
import { actualKeyOf } from '@store/contracts/licence-keys';
import { offlineRegistrationErrorText } from '../licence-rules';
import { showToast } from '../../../lib/toast-store';
import { useSchemaForm } from '../../../lib/use-schema-form';

type OfflineRegistrationDialogProps = {
  licence: UserProduct;
  userName: string;
  show: boolean;
  onClose: () => void;
};

/** The server's text of a refused registration; none for an unreachable server or an unreadable answer. */
const serverTextOf = (error: unknown): string | null => (error instanceof ApiError && error.kind === 'status' ? error.text : null);

/**
 * "Register offline computer" (spec §2): a static-backdrop dialog, not closed by the keyboard, titled with the
 * product name. REGISTER sends the Device ID with the licence's actual key; success closes it and reloads the
 * list, failure shows the server's text without quotes under the field (spec §8).
 */
export function OfflineRegistrationDialog({ licence, userName, show, onClose }: OfflineRegistrationDialogProps) {
  const registerDevice = useOfflineRegistrationMutation(userName);
  const { handleSubmit, setError, reset, formState, fieldOf } = useSchemaForm(offlineDeviceForm, {
    defaultValues: { deviceId: '' },
  });
  const { isSubmitting } = formState;
  const titleId = `offline-registration-${licence.orderId}-title`;
  const fieldId = `offline-registration-${licence.orderId}-device-id`;

  const submit = handleSubmit(async (values) => {
    try {
      await registerDevice.mutateAsync({ productName: licence.name, key: actualKeyOf(licence), deviceId: values.deviceId });
      onClose();
      showToast(`Offline computer registered for ${licence.name}. Download its offline key in the table.`);
    } catch (error) {
      setError('deviceId', { type: 'server', message: offlineRegistrationErrorText(serverTextOf(error)) }, { shouldFocus: true });
    }
  });

  return (
    <Modal show={show} onHide={onClose} onExited={() => reset()} backdrop="static" keyboard={false} aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Modal.Header>
          <Modal.Title id={titleId} as="h2" className="h5">
            {licence.name}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary" data-testid="offline-registration-help">
            Type the Device ID the plug-in shows on the computer without internet. After REGISTER the computer takes one of the
            licence&apos;s places and appears in the list with Download offline Key: copy that file, {offlineKeyFileName(licence.name)}, to
            the computer and load it into the plug-in.
          </p>
          <FormField id={fieldId} label="Device ID of the offline plug-in" autoComplete="off" {...fieldOf('deviceId')} />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={isSubmitting}>
            CANCEL
          </button>
          <SendButton isPending={isSubmitting}>REGISTER</SendButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
