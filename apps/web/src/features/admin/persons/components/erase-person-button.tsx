import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { ErasureSummary } from '../../../../components/erasure-summary';
import { ErrorAlert } from '../../../../components/error-alert';
import { useErasePersonMutation } from '../api/persons-api';

/**
 * "Erase personal data" on the person screen: a confirmation that says what happens and what is kept
 * (docs/PRIVACY.md), then the erasure; the editor then shows the erased record.
 */
export function ErasePersonButton({ personId, email }: { personId: number; email: string }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const erase = useErasePersonMutation(personId);
  const close = () => setIsConfirming(false);
  return (
    <>
      <button type="button" className="btn btn-outline-danger" onClick={() => setIsConfirming(true)}>
        Erase Personal Data
      </button>
      <ConfirmDialog
        show={isConfirming}
        titleId="erase-person-title"
        title={`Erase the personal data of ${email || `person ${personId}`}?`}
        error={<ErrorAlert error={erase.error} className="mt-3 mb-0" />}
        confirmLabel="ERASE"
        confirmStyle="danger"
        isPending={erase.isPending}
        onConfirm={() => erase.mutate(undefined, { onSuccess: close })}
        onClose={close}
        onExited={() => {
          if (!erase.isPending) erase.reset();
        }}
      >
        <ErasureSummary who="person" />
        <p className="mb-0">This cannot be undone. The audit log records that person {personId} was erased, and nothing of their data.</p>
      </ConfirmDialog>
    </>
  );
}
