import type { AdminProductForm } from '@store/contracts/forms';
import { useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { ErrorAlert } from '../../../../components/error-alert';
import { GenerateKeysDialog } from './generate-keys-dialog';
import { PrivateKeyField } from './private-key-field';
import type { FieldBinding } from '../../../../lib/use-schema-form';
import { TextAreaField } from '../../../../components/form-field';

export const PUBLIC_KEY_WARNING =
  'The public key changed. Plug-ins already shipped embed the old public key: they will not accept key files ' +
  'signed with the new private key, so existing customers need a new build. Change it only for a new release.';

type ProductKeysFieldsetProps = {
  /** The product form's `fieldOf` (lib/use-schema-form.ts). */
  fieldOf: (name: 'privateKey' | 'publicKey' | 'privateKey2048' | 'publicKey2048') => FieldBinding;
  control: Control<AdminProductForm>;
  isPublicKeyReplaced: boolean;
  isGenerating: boolean;
  generateError: unknown;
  /** Fills the four key fields with new pairs (not saved). */
  onGenerate: () => void;
};

/**
 * The product's 1024-bit and 2048-bit key pairs: private keys hidden until shown, and "Generate keys", which asks
 * first when the product has keys (the key files issued with them stop matching). Nothing is saved here.
 */
export function ProductKeysFieldset(props: ProductKeysFieldsetProps) {
  const { fieldOf, control } = props;
  const [isAsking, setIsAsking] = useState(false);
  const keys = useWatch({ control, name: ['privateKey', 'publicKey', 'privateKey2048', 'publicKey2048'] });
  const [privateKey, , privateKey2048] = keys;
  const hasKeys = keys.some((key) => key.trim() !== '');
  const generate = () => {
    setIsAsking(false);
    props.onGenerate();
  };

  return (
    <fieldset className="mb-3">
      <legend className="h6 d-flex flex-wrap align-items-center gap-3">
        Keys
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={props.isGenerating}
          onClick={() => (hasKeys ? setIsAsking(true) : generate())}
        >
          {props.isGenerating ? 'Generating…' : 'Generate keys'}
        </button>
      </legend>
      <GenerateKeysDialog show={isAsking} onConfirm={generate} onCancel={() => setIsAsking(false)} />
      {props.isPublicKeyReplaced && (
        <div className="alert alert-warning" role="alert">
          {PUBLIC_KEY_WARNING}
        </div>
      )}
      <ErrorAlert error={props.generateError} className="mb-3" />
      <div className="row g-3">
        <div className="col-lg-6">
          <PrivateKeyField id="product-private-key" label="Private Key" value={privateKey} {...fieldOf('privateKey')} />
        </div>
        <div className="col-lg-6">
          <TextAreaField id="product-public-key" label="Public Key" isMonospace {...fieldOf('publicKey')} />
        </div>
        <div className="col-lg-6">
          <PrivateKeyField
            id="product-private-key-2048"
            label="Private Key (RSA 2048)"
            rows={4}
            value={privateKey2048}
            {...fieldOf('privateKey2048')}
          />
        </div>
        <div className="col-lg-6">
          <TextAreaField id="product-public-key-2048" label="Public Key (RSA 2048)" rows={4} isMonospace {...fieldOf('publicKey2048')} />
        </div>
      </div>
    </fieldset>
  );
}
