import { adminProductForm, type AdminProductForm } from '@store/contracts/forms';
import type { Product } from '@store/contracts/product';
import { productPathOfName } from '@store/contracts/product-path';
import { DEFAULT_TRIAL_DAYS } from '@store/contracts/trial';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CheckboxField, FormField, TextAreaField } from '../../../../components/form-field';
import { paths } from '../../../../config/paths';
import { FormSubmit } from '../../../../components/form-submit';
import { useUnsavedChangesWarning } from '../../shared/use-unsaved-changes-warning';
import { useGenerateKeysMutation, useSaveProductMutation } from '../api/products-api';
import { ProductKeysFieldset, PUBLIC_KEY_WARNING } from './product-keys-fieldset';
import { ProductSuccessorSelect } from './product-successor-select';
import { useSchemaForm } from '../../../../lib/use-schema-form';

const PATH_HELP =
  "Must be the product's path in your FastSpring store, which the checkout sells it under. Lower-case letters, digits and dashes.";

const formValuesOf = (product: Product, serials: string): AdminProductForm => ({
  name: product.name,
  path: product.path,
  description: product.description,
  price: product.price,
  useRsa2048: product.useRsa2048,
  privateKey: product.privateKey,
  publicKey: product.publicKey,
  privateKey2048: product.privateKey2048 ?? '',
  publicKey2048: product.publicKey2048 ?? '',
  trialDays: String(product.trialDays ?? DEFAULT_TRIAL_DAYS),
  onlineKeyDays: product.onlineKeyDays == null ? '' : String(product.onlineKeyDays),
  yearlyDeviceRemovals: product.yearlyDeviceRemovals == null ? '' : String(product.yearlyDeviceRemovals),
  serials,
});

/** True when a key the product already had was replaced (an empty key may be set freely). */
const isReplaced = (before: string, after: string) => before.trim() !== '' && before.trim() !== after.trim();

type ProductEditorFormProps = { product: Product; serials: string; onCreated?: (id: number) => void };

/**
 * Name, FastSpring path, description (required), price, "use RSA 2048", the 1024-bit and 2048-bit key pairs with
 * "Generate keys" (product-keys-fieldset.tsx), and the serials (10 rows). Nothing is saved until SAVE PRODUCT; a
 * replaced public key is confirmed first. A new product's path follows its name until the path is edited (decision 026).
 */
export function ProductEditorForm({ product, serials, onCreated }: ProductEditorFormProps) {
  const saveProduct = useSaveProductMutation();
  const generateKeys = useGenerateKeysMutation();
  const [saved, setSaved] = useState({ product, serials });
  const [notice, setNotice] = useState('');
  const [isPathEdited, setIsPathEdited] = useState(false);
  const { register, handleSubmit, formState, control, setValue, getValues, reset, fieldOf } = useSchemaForm(adminProductForm, {
    defaultValues: formValuesOf(product, serials),
  });
  const { errors } = formState;
  const navigate = useNavigate();
  // Kept beside the form: sent only when changed, so a save never clears a successor the select could not list.
  const [successorId, setSuccessorId] = useState<number | null>(product.successorId ?? null);
  const isSuccessorChanged = successorId !== (saved.product.successorId ?? null);
  useUnsavedChangesWarning(formState.isDirty || isSuccessorChanged);
  const [publicKey, publicKey2048] = useWatch({ control, name: ['publicKey', 'publicKey2048'] });
  const isPathFollowingName = product.id <= 0 && !isPathEdited;
  const nameRegistration = register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (isPathFollowingName)
        setValue('path', productPathOfName(event.target.value), { shouldDirty: true, shouldValidate: formState.isSubmitted });
    },
  });
  const pathRegistration = register('path', { onChange: () => setIsPathEdited(true) });
  const isPublicKeyReplaced =
    isReplaced(saved.product.publicKey, publicKey) || isReplaced(saved.product.publicKey2048 ?? '', publicKey2048);

  const fillGeneratedKeys = () => {
    setNotice('');
    generateKeys.mutate(
      { id: product.id, useRsa2048: getValues('useRsa2048') },
      {
        onSuccess: (keys) => {
          for (const field of ['publicKey', 'privateKey', 'publicKey2048', 'privateKey2048'] as const) {
            setValue(field, keys[field], { shouldDirty: true });
          }
          setNotice('New keys generated. They are saved with SAVE PRODUCT.');
        },
      },
    );
  };

  const submit = handleSubmit(async ({ serials: serialText, trialDays, onlineKeyDays, yearlyDeviceRemovals, ...values }) => {
    setNotice('');
    if (isPublicKeyReplaced && !window.confirm(`${PUBLIC_KEY_WARNING}\n\nSave the new keys?`)) return;
    try {
      const result = await saveProduct.mutateAsync({
        product: {
          id: product.id,
          ...values,
          trialDays: Number(trialDays),
          onlineKeyDays: onlineKeyDays === '' ? null : Number(onlineKeyDays),
          yearlyDeviceRemovals: yearlyDeviceRemovals === '' ? null : Number(yearlyDeviceRemovals),
          ...(isSuccessorChanged ? { successorId } : {}),
        },
        serials: serialText === saved.serials ? undefined : serialText,
      });
      const savedSerials = result.serials?.serials ?? saved.serials;
      setSaved({ product: result.product, serials: savedSerials });
      setSuccessorId(result.product.successorId ?? null);
      reset(formValuesOf(result.product, savedSerials));
      setNotice('Product saved.');
      // NEW PRODUCT's editor creates the product on its first save (decision 025); from then on it edits it.
      if (product.id <= 0) {
        onCreated?.(result.product.id);
        void navigate(paths.adminProduct(result.product.id), { replace: true });
      }
    } catch {
      // Shown by the error alert.
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Product">
      <div className="row g-3">
        <div className="col-md-4">
          <FormField id="product-name" label="Name" registration={nameRegistration} error={errors.name?.message} />
        </div>
        <div className="col-md-6">
          <FormField id="product-description" label="Description" {...fieldOf('description')} />
        </div>
        <div className="col-md-2">
          <FormField id="product-price" label="Price" {...fieldOf('price')} />
        </div>
      </div>
      <CheckboxField id="product-rsa2048" label="use RSA 2048" {...fieldOf('useRsa2048')} />
      <div className="row g-3">
        <div className="col-md-6">
          <FormField
            id="product-path"
            label="FastSpring path"
            registration={pathRegistration}
            error={errors.path?.message}
            help={PATH_HELP}
          />
        </div>
        <div className="col-md-3">
          <FormField id="product-trial-days" label="Trial length (days)" {...fieldOf('trialDays')} />
        </div>
        <div className="col-md-3">
          <ProductSuccessorSelect productId={product.id} value={successorId} onChange={setSuccessorId} />
        </div>
      </div>
      <div className="row g-3 mb-3">
        <div className="col-md-4">
          <FormField
            id="product-online-key-days"
            label="Online keys expire after (days)"
            {...fieldOf('onlineKeyDays')}
            help="Empty: permanent keys. Only for plug-ins built on this project's JUCE module, which renews them (docs/plugin-integration.md)."
          />
        </div>
        <div className="col-md-4">
          <FormField
            id="product-yearly-removals"
            label="Places freed per year"
            {...fieldOf('yearlyDeviceRemovals')}
            help="Computers a licence may remove a year without a removal code. Empty: no limit."
          />
        </div>
      </div>

      <ProductKeysFieldset
        fieldOf={fieldOf}
        control={control}
        isPublicKeyReplaced={isPublicKeyReplaced}
        isGenerating={generateKeys.isPending}
        generateError={generateKeys.error}
        onGenerate={fillGeneratedKeys}
      />

      <TextAreaField id="product-serials" label="Serials (one a line)" rows={10} isMonospace {...fieldOf('serials')} />

      <FormSubmit label="SAVE PRODUCT" isPending={saveProduct.isPending} notice={notice} error={saveProduct.error} />
    </form>
  );
}
