import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { ErasureSummary } from '../../../../components/erasure-summary';
import { ErrorAlert } from '../../shared/error-alert';
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
      <Modal show={isConfirming} onHide={close} onExited={() => erase.reset()} aria-labelledby="erase-person-title">
        <Modal.Header closeButton>
          <Modal.Title id="erase-person-title" as="h2" className="h5">
            Erase the personal data of {email || `person ${personId}`}?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ErasureSummary who="person" />
          <p className="mb-0">This cannot be undone. The audit log records that person {personId} was erased, and nothing of their data.</p>
          <ErrorAlert error={erase.error} className="mt-3 mb-0" />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={close} disabled={erase.isPending}>
            CANCEL
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={erase.isPending}
            onClick={() => erase.mutate(undefined, { onSuccess: close })}
          >
            ERASE
          </button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
