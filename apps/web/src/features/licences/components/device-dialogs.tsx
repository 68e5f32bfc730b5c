import type { Device } from '@store/contracts/licence';
import { renameDeviceRequest } from '@store/contracts/licence';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SendButton } from '../../../components/send-button';
import { errorText } from '../../../lib/api-client';

type RemoveDeviceDialogProps = {
  device: Device | null;
  productName: string;
  isRemoving: boolean;
  error: unknown;
  onConfirm: (device: Device) => void;
  onCancel: () => void;
  /** Once the dialog has closed (its focus given back). */
  onExited?: () => void;
};

/** Removing a computer asks first: the plug-in on it stops being licensed until it is activated again. */
export function RemoveDeviceDialog({ device, productName, isRemoving, error, onConfirm, onCancel, onExited }: RemoveDeviceDialogProps) {
  return (
    <ConfirmDialog
      show={device !== null}
      titleId="remove-device-title"
      title="Remove this computer?"
      error={
        error !== null &&
        error !== undefined && (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {errorText(error) || 'Something went wrong. Please try again later.'}
          </div>
        )
      }
      cancelLabel="Keep it"
      confirmLabel={isRemoving ? 'Removing…' : 'Remove computer'}
      confirmStyle="danger"
      isPending={isRemoving}
      onConfirm={() => device && onConfirm(device)}
      onClose={onCancel}
      onExited={onExited}
    >
      <p className="mb-2">
        <strong>{device?.deviceName}</strong> will no longer be licensed for {productName}, and its place becomes free for another computer.
      </p>
      <p className="mb-0 text-body-secondary">You can activate it again later while a place is free.</p>
    </ConfirmDialog>
  );
}

type RenameDeviceDialogProps = {
  device: Device | null;
  isSaving: boolean;
  error: unknown;
  onSave: (device: Device, deviceName: string) => void;
  onCancel: () => void;
};

/** Renaming a computer: one field, checked as the server checks it. */
export function RenameDeviceDialog({ device, isSaving, error, onSave, onCancel }: RenameDeviceDialogProps) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!device) return;
    const parsed = renameDeviceRequest.safeParse({ deviceName: name });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Please enter a name.');
      return;
    }
    setProblem('');
    onSave(device, parsed.data.deviceName);
  };
  const shownProblem = problem || (error ? errorText(error) || 'Something went wrong. Please try again later.' : '');
  return (
    <Modal
      show={device !== null}
      onHide={onCancel}
      onEnter={() => {
        setName(device?.deviceName ?? '');
        setProblem('');
      }}
      aria-labelledby="rename-device-title"
    >
      <form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="rename-device-title" as="h2" className="h5">
            Rename computer
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <label htmlFor="rename-device-name" className="form-label">
            Name
          </label>
          <input
            id="rename-device-name"
            className={`form-control${shownProblem ? ' is-invalid' : ''}`}
            value={name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
            aria-describedby={shownProblem ? 'rename-device-problem' : undefined}
            autoFocus
          />
          {shownProblem && (
            <div id="rename-device-problem" className="invalid-feedback">
              {shownProblem}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={isSaving}>
            Cancel
          </button>
          <SendButton isPending={isSaving}>{isSaving ? 'Saving…' : 'Save name'}</SendButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
