import { erasureRequest } from '@store/contracts/privacy';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { ErasureSummary } from '../../../components/erasure-summary';
import { FormField } from '../../../components/form-field';
import { SendButton } from '../../../components/send-button';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { logOut } from '../../../lib/session';
import { useAccountStatus } from '../api/account-api';
import { useEraseAccountMutation } from '../api/data-rights-api';
import { useSchemaForm } from '../../../lib/use-schema-form';

/** What the Info screen says once the account is erased. */
const ACCOUNT_ERASED_MESSAGE =
  'Your account has been erased. We keep only what the tax records need of your orders, without your name or address.';

type EraseAccountDialogProps = { userName: string; show: boolean; onClose: () => void };

/**
 * The confirmation of the customer's erasure: what happens and what is kept, then the password again (and a current
 * code with two-factor login on). Success forgets the session and shows the Info screen.
 */
export function EraseAccountDialog({ userName, show, onClose }: EraseAccountDialogProps) {
  const status = useAccountStatus(userName);
  const erase = useEraseAccountMutation();
  const navigate = useNavigate();
  const { handleSubmit, reset, formState, fieldOf } = useSchemaForm(erasureRequest, {
    defaultValues: { password: '', code: '' },
  });
  const { isSubmitting } = formState;
  const hasTwoFactor = status.data?.hasTwoFactor === true;

  const submit = handleSubmit(async (values) => {
    try {
      await erase.mutateAsync({ password: values.password, ...(hasTwoFactor ? { code: values.code } : {}) });
    } catch {
      return; // shown under the form
    }
    // The cache is left alone: clearing it would make the account screen, still shown until the navigation ends, load
    // its licences again with the ended session, and a failed load goes to /login (spec §8).
    void navigate(paths.messageView, { replace: true, state: { message: ACCOUNT_ERASED_MESSAGE } });
    logOut();
  });

  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={() => {
        reset();
        erase.reset();
      }}
      backdrop="static"
      keyboard={false}
      aria-labelledby="erase-account-title"
    >
      <form onSubmit={submit} noValidate>
        <Modal.Header>
          <Modal.Title id="erase-account-title" as="h2" className="h5">
            Erase your account?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ErasureSummary who="you" />
          <FormField
            id="erase-account-password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            {...fieldOf('password')}
          />
          {hasTwoFactor && (
            <FormField
              id="erase-account-code"
              label="Authentication code (or a recovery code)"
              autoComplete="one-time-code"
              {...fieldOf('code')}
            />
          )}
          {erase.error && (
            <p className="text-danger mb-0" role="alert">
              {errorText(erase.error)}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={isSubmitting}>
            CANCEL
          </button>
          <SendButton className="btn btn-danger" isPending={isSubmitting}>
            ERASE MY ACCOUNT
          </SendButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
