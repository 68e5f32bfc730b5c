import { bundleEditForm, ownedPriceLinesOf, parseOwnedPriceLines, type Bundle, type BundleEditForm } from '@store/contracts/bundle';
import { parsePriceLines, priceLinesOf } from '@store/contracts/offer';
import type { Product } from '@store/contracts/product';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormField, ProductMultiSelect, SelectField, TextAreaField } from '../../../../components/form-field';
import { adminPaths } from '../../shared/admin-paths';
import { FormSubmit } from '../../../../components/form-submit';
import { useUnsavedChangesWarning } from '../../shared/use-unsaved-changes-warning';
import { useSaveBundleMutation } from '../api/bundles-api';
import { useSchemaForm } from '../../../../lib/use-schema-form';

const formValuesOf = (bundle: Bundle | undefined): BundleEditForm => ({
  name: bundle?.name ?? '',
  path: bundle?.path ?? '',
  partProductIds: bundle ? bundle.partProductIds.map(String) : [],
  prices: bundle ? priceLinesOf(bundle.prices) : '',
  rule: bundle?.rule ?? 'share',
  ownedPrices: bundle ? ownedPriceLinesOf(bundle.ownedPrices) : '',
});

type BundleEditorFormProps = { bundle: Bundle | undefined; products: Product[]; onCreated?: (id: number) => void };

/**
 * The bundle's name and FastSpring path (its product's, decision 057), the products it holds, its price per
 * currency and its "complete your bundle" rule: the owned products' share, or a fixed price per count owned and
 * currency. Nothing is saved until SAVE BUNDLE; leaving with unsaved changes asks first.
 */
export function BundleEditorForm({ bundle, products, onCreated }: BundleEditorFormProps) {
  const saveBundle = useSaveBundleMutation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState('');
  const { handleSubmit, formState, reset, watch, fieldOf } = useSchemaForm(bundleEditForm, {
    defaultValues: formValuesOf(bundle),
  });
  useUnsavedChangesWarning(formState.isDirty);
  const bundleProductId = bundle?.bundleProductId ?? 0;
  const isFixed = watch('rule') === 'fixed';

  const submit = handleSubmit(async (values) => {
    setNotice('');
    try {
      const saved = await saveBundle.mutateAsync({
        bundleProductId,
        name: values.name,
        ...(values.path === '' ? {} : { path: values.path }),
        partProductIds: values.partProductIds.map(Number),
        rule: values.rule,
        prices: parsePriceLines(values.prices)!,
        ownedPrices: values.rule === 'fixed' ? parseOwnedPriceLines(values.ownedPrices)! : {},
      });
      reset(formValuesOf(saved));
      setNotice('Bundle saved.');
      if (bundleProductId === 0) {
        onCreated?.(saved.bundleProductId);
        void navigate(adminPaths.bundle(saved.bundleProductId), { replace: true });
      }
    } catch {
      // Shown by the error alert.
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Bundle">
      <div className="row g-3">
        <div className="col-md-6">
          <FormField id="bundle-name" label="Name" {...fieldOf('name')} />
        </div>
        <div className="col-md-6">
          <FormField
            id="bundle-path"
            label="FastSpring path"
            {...fieldOf('path')}
            help={bundle ? 'The path FastSpring sells the bundle under.' : 'Empty: derived from the name.'}
          />
        </div>
      </div>
      <div className="row g-3">
        <div className="col-md-6">
          <ProductMultiSelect
            id="bundle-parts"
            label="Holds"
            help="Buying the bundle issues a licence of each. Hold Ctrl (⌘ on a Mac) to choose several."
            products={products.filter((product) => product.id !== bundleProductId)}
            {...fieldOf('partProductIds')}
          />
        </div>
        <div className="col-md-6">
          <TextAreaField id="bundle-prices" label="Prices (one a line, e.g. USD 99.00)" rows={3} isMonospace {...fieldOf('prices')} />
          <SelectField id="bundle-rule" label="Complete your bundle" {...fieldOf('rule')}>
            <option value="share">Owned share (the price less the share of the products owned)</option>
            <option value="fixed">Fixed price per count owned</option>
          </SelectField>
          {isFixed && (
            <TextAreaField
              id="bundle-owned-prices"
              label="Prices by count owned (one a line, e.g. 1 USD 69.00)"
              rows={3}
              isMonospace
              {...fieldOf('ownedPrices')}
            />
          )}
        </div>
      </div>
      <FormSubmit label="SAVE BUNDLE" isPending={saveBundle.isPending} notice={notice} error={saveBundle.error} />
    </form>
  );
}
