import type { UserProduct } from '@store/contracts/licence';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { useReplaceOwnKeysMutation } from '../api/replace-keys';

type ReplaceKeysDialogProps = { licence: UserProduct; userName: string; show: boolean; onClose: () => void };

/**
 * The owner replaces a leaked serial (issue 26 point 4, decision 055): the confirmation says what stops working and
 * what keeps working; then the new serial and key files are mailed and shown. The computers already registered keep
 * their keys until these expire (the administrator can remove them at once).
 */
export function ReplaceKeysDialog({ licence, userName, show, onClose }: ReplaceKeysDialogProps) {
  const replace = useReplaceOwnKeysMutation(userName);
  const titleId = `replace-keys-${licence.orderId}-title`;
  const errorText =
    replace.error instanceof ApiError && replace.error.kind === 'status'
      ? replace.error.text
      : replace.error
        ? 'The keys could not be replaced. Please try again.'
        : '';
  return (
    <ConfirmDialog
      show={show}
      titleId={titleId}
      title={`Replace the keys of ${licence.name}?`}
      error={
        errorText && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {errorText}
          </div>
        )
      }
      cancelLabel="Cancel"
      confirmLabel="Replace keys"
      confirmStyle="danger"
      isPending={replace.isPending}
      onConfirm={() =>
        replace.mutate(licence.orderId, {
          onSuccess: () => {
            showToast(`New keys of ${licence.name} issued and mailed to you.`);
            onClose();
          },
        })
      }
      onClose={onClose}
      // A dialog hidden by its owner while the keys are replaced keeps listening, so the outcome is still shown.
      onExited={() => {
        if (!replace.isPending) replace.reset();
      }}
    >
      <p>
        For a serial that others have seen: you get a new serial and new key files by mail and here. The old serial and key files stop
        working at once: they can no longer register a computer or unlock {licence.name}.
      </p>
      <p className="mb-0">Your registered computers keep working. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
