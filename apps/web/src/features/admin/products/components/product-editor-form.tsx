import { adminProductForm, type AdminProductForm } from '@store/contracts/forms';
import { messages } from '@store/contracts/messages';
import type { Product } from '@store/contracts/product';
import { productPathOfName } from '@store/contracts/product-path';
import { DEFAULT_TRIAL_DAYS } from '@store/contracts/trial';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CheckboxField, FormField, TextAreaField } from '../../../../components/form-field';
import { paths } from '../../../../config/paths';
import { FormSubmit } from '../../../../components/form-submit';
import { errorText } from '../../../../lib/api-client';
import { useUnsavedChangesWarning } from '../../shared/use-unsaved-changes-warning';
import { useGenerateKeysMutation, useSaveProductMutation, useSaveProductSerialsMutation } from '../api/products-api';
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

/** True when a field other than the serials differs from the product as saved. */
const isProductEdited = (before: AdminProductForm, after: AdminProductForm) =>
  (Object.keys(before) as (keyof AdminProductForm)[]).some((field) => field !== 'serials' && before[field] !== after[field]);

const serialsNotSaved = (error: unknown) => `The serials were not saved: ${errorText(error) || messages.somethingWentWrong}`;

type ProductEditorFormProps = { product: Product; serials: string; onCreated?: (id: number) => void };

/**
 * Name, FastSpring path, description (required), price, "use RSA 2048", the 1024-bit and 2048-bit key pairs with
 * "Generate keys" (product-keys-fieldset.tsx), and the serials (10 rows). Nothing is saved until SAVE PRODUCT; a
 * replaced public key is confirmed first. A new product's path follows its name until the path is edited (decision 026).
 */
export function ProductEditorForm({ product, serials, onCreated }: ProductEditorFormProps) {
  const saveProduct = useSaveProductMutation();
  const saveSerials = useSaveProductSerialsMutation();
  const generateKeys = useGenerateKeysMutation();
  const [saved, setSaved] = useState({ product, serials });
  const [notice, setNotice] = useState('');
  const [isPathEdited, setIsPathEdited] = useState(false);
  const { register, handleSubmit, formState, control, setValue, getValues, reset, setError, fieldOf } = useSchemaForm(adminProductForm, {
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

  /** Saves the product; a new one is created, and from then on the editor is its own (decision 025). */
  const saveProductFields = async (
    { trialDays, onlineKeyDays, yearlyDeviceRemovals, ...values }: Omit<AdminProductForm, 'serials'>,
    serialsToSave: string | undefined,
  ) => {
    if (isPublicKeyReplaced && !window.confirm(`${PUBLIC_KEY_WARNING}\n\nSave the new keys?`)) return undefined;
    let savedProduct: Product;
    try {
      savedProduct = await saveProduct.mutateAsync({
        id: saved.product.id,
        ...values,
        trialDays: Number(trialDays),
        onlineKeyDays: onlineKeyDays === '' ? null : Number(onlineKeyDays),
        yearlyDeviceRemovals: yearlyDeviceRemovals === '' ? null : Number(yearlyDeviceRemovals),
        ...(isSuccessorChanged ? { successorId } : {}),
      });
    } catch {
      return undefined; // Shown by the error alert.
    }
    setSaved((current) => ({ ...current, product: savedProduct }));
    setSuccessorId(savedProduct.successorId ?? null);
    reset(formValuesOf(savedProduct, saved.serials));
    // Saved next: until they are, the serials stay an unsaved change, and a failure leaves them for the next SAVE.
    if (serialsToSave !== undefined) setValue('serials', serialsToSave, { shouldDirty: true });
    setNotice('Product saved.');
    if (saved.product.id <= 0) {
      onCreated?.(savedProduct.id);
      void navigate(paths.adminProduct(savedProduct.id), { replace: true });
    }
    return savedProduct;
  };

  /** Saves the edited serials of the saved product; their failure is shown on the field, and the product stays saved. */
  const saveSerialText = async (savedProduct: Product, serialText: string, isProductSaved: boolean) => {
    try {
      const answer = await saveSerials.mutateAsync({ id: savedProduct.id, serials: serialText });
      setSaved({ product: savedProduct, serials: answer.serials });
      reset(formValuesOf(savedProduct, answer.serials));
      setNotice(isProductSaved ? 'Product saved.' : 'Serials saved.');
    } catch (error) {
      setError('serials', { type: 'server', message: serialsNotSaved(error) });
    }
  };

  const submit = handleSubmit(async ({ serials: serialText, ...fields }) => {
    setNotice('');
    const serialsToSave = serialText === saved.serials ? undefined : serialText;
    // Edited serials alone (after their save failed, say) are saved alone.
    const isProductToSave =
      serialsToSave === undefined ||
      saved.product.id <= 0 ||
      isSuccessorChanged ||
      isProductEdited(formValuesOf(saved.product, saved.serials), getValues());
    if (!isProductToSave) saveProduct.reset(); // An earlier failure of the product is not this save's.
    const savedProduct = isProductToSave ? await saveProductFields(fields, serialsToSave) : saved.product;
    if (savedProduct && serialsToSave !== undefined) await saveSerialText(savedProduct, serialsToSave, isProductToSave);
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

      <FormSubmit
        label="SAVE PRODUCT"
        isPending={saveProduct.isPending || saveSerials.isPending}
        notice={notice}
        error={saveProduct.error}
      />
    </form>
  );
}
