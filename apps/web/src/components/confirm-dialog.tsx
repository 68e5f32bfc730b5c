import type { ReactNode } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Modal from 'react-bootstrap/Modal';
import { SendButton } from './send-button';

type ConfirmDialogProps = {
  show: boolean;
  /** The id of the title, which labels the dialog. */
  titleId: string;
  title: ReactNode;
  /** What confirming does. */
  children: ReactNode;
  /** The error line under the body (the failed confirmation's), or nothing. */
  error?: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  confirmStyle: 'danger' | 'primary';
  /** While the confirmation runs, both buttons and the × are disabled, and neither Escape nor the backdrop closes the dialog. */
  isPending: boolean;
  /** The confirm button is also disabled while this holds (e.g. a count still loading). */
  isConfirmBlocked?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** After the dialog has closed: reset the mutation (unless it still runs) and any choices. */
  onExited?: () => void;
};

/** An "are you sure?" dialog: a title, what happens, an error line, then CANCEL and the confirm button. */
export function ConfirmDialog({
  show,
  titleId,
  title,
  children,
  error,
  cancelLabel = 'CANCEL',
  confirmLabel,
  confirmStyle,
  isPending,
  isConfirmBlocked = false,
  onConfirm,
  onClose,
  onExited,
}: ConfirmDialogProps) {
  // Closing would not stop the confirmation once sent, only hide its outcome (a failure included): so it waits.
  const close = () => {
    if (!isPending) onClose();
  };
  return (
    <Modal
      show={show}
      onHide={close}
      backdrop={isPending ? 'static' : true}
      keyboard={!isPending}
      onExited={onExited}
      aria-labelledby={titleId}
    >
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
        <CloseButton aria-label="Close" onClick={close} disabled={isPending} />
      </Modal.Header>
      <Modal.Body>
        {children}
        {error}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={close} disabled={isPending}>
          {cancelLabel}
        </button>
        <SendButton
          type="button"
          className={`btn btn-${confirmStyle}`}
          onClick={onConfirm}
          isPending={isPending}
          isDisabled={isConfirmBlocked}
        >
          {confirmLabel}
        </SendButton>
      </Modal.Footer>
    </Modal>
  );
}
