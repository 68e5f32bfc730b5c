import '../../../../styles/modal.scss';
import Modal from 'react-bootstrap/Modal';

type GenerateKeysDialogProps = { show: boolean; onConfirm: () => void; onCancel: () => void };

/**
 * "Generate keys" asks first when the product has keys: new pairs replace them, and what that does to the key files
 * already handed out. Nothing changes until SAVE PRODUCT.
 */
export function GenerateKeysDialog({ show, onConfirm, onCancel }: GenerateKeysDialogProps) {
  return (
    <Modal show={show} onHide={onCancel} aria-labelledby="generate-keys-title">
      <Modal.Header closeButton>
        <Modal.Title id="generate-keys-title" as="h2" className="h5">
          Replace this product&apos;s keys?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>New key pairs replace the ones in the form. Once you save them:</p>
        <ul>
          <li>
            The key files already issued stop matching: every licence&apos;s key files were signed with the old private key, and the
            plug-ins you have shipped check them with the old public key.
          </li>
          <li>
            Plug-ins need a new build with the new public key; customers need new key files (the person editor's Refresh Serial Keys
            re-issues a customer's).
          </li>
        </ul>
        <p className="mb-0">Nothing changes until you press SAVE PRODUCT: leaving the editor without saving keeps the old keys.</p>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          Keep the current keys
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          Generate new keys
        </button>
      </Modal.Footer>
    </Modal>
  );
}
