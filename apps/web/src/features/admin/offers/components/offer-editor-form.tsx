import { offerEditForm, parsePriceLines, priceLinesOf, type Offer, type OfferEditForm } from '@store/contracts/offer';
import type { Product } from '@store/contracts/product';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CheckboxField, FormField, ProductMultiSelect, SelectField, TextAreaField } from '../../../../components/form-field';
import { adminPaths } from '../../shared/admin-paths';
import { FormSubmit } from '../../../../components/form-submit';
import { useUnsavedChangesWarning } from '../../shared/use-unsaved-changes-warning';
import { useSaveOfferMutation } from '../api/offers-api';
import { useSchemaForm } from '../../../../lib/use-schema-form';

const formValuesOf = (offer: Offer | undefined): OfferEditForm => ({
  kind: offer?.kind ?? 'upgrade',
  name: offer?.name ?? '',
  targetProductId: offer ? String(offer.targetProductId) : '',
  sourceProductIds: offer ? offer.sourceProductIds.map(String) : [],
  prices: offer ? priceLinesOf(offer.prices) : 'USD 0.00',
  isActive: offer?.isActive ?? true,
});

type OfferEditorFormProps = { offer: Offer | undefined; products: Product[]; onCreated?: (id: number) => void };

/**
 * Kind, name (what the account shows for a crossgrade; an upgrade shows "Upgrade to {target}"), the product it
 * sells, the products whose owners may buy it, the prices per currency and whether it is on sale. Nothing is saved
 * until SAVE OFFER; leaving with unsaved changes asks first.
 */
export function OfferEditorForm({ offer, products, onCreated }: OfferEditorFormProps) {
  const saveOffer = useSaveOfferMutation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState('');
  const { handleSubmit, formState, reset, fieldOf } = useSchemaForm(offerEditForm, {
    defaultValues: formValuesOf(offer),
  });
  useUnsavedChangesWarning(formState.isDirty);
  const id = offer?.id ?? 0;

  const submit = handleSubmit(async (values) => {
    setNotice('');
    try {
      const saved = await saveOffer.mutateAsync({
        id,
        kind: values.kind,
        name: values.name,
        targetProductId: Number(values.targetProductId),
        sourceProductIds: values.sourceProductIds.map(Number),
        prices: parsePriceLines(values.prices)!,
        isActive: values.isActive,
      });
      reset(formValuesOf(saved));
      setNotice('Offer saved.');
      if (id === 0) {
        onCreated?.(saved.id);
        void navigate(adminPaths.offer(saved.id), { replace: true });
      }
    } catch {
      // Shown by the error alert.
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Offer">
      <div className="row g-3">
        <div className="col-md-3">
          <SelectField id="offer-kind" label="Kind" {...fieldOf('kind')}>
            <option value="upgrade">Upgrade (the owner moves to the new product)</option>
            <option value="crossgrade">Crossgrade (owning one qualifies for another)</option>
          </SelectField>
        </div>
        <div className="col-md-5">
          <FormField id="offer-name" label="Name" {...fieldOf('name')} />
        </div>
        <div className="col-md-4">
          <SelectField id="offer-target" label="Sells" {...fieldOf('targetProductId')}>
            <option value="">Choose a product</option>
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <div className="row g-3">
        <div className="col-md-6">
          <ProductMultiSelect
            id="offer-sources"
            label="To the owners of"
            help="An active licence of any of them qualifies. Hold Ctrl (⌘ on a Mac) to choose several."
            products={products}
            {...fieldOf('sourceProductIds')}
          />
        </div>
        <div className="col-md-6">
          <TextAreaField id="offer-prices" label="Prices (one a line, e.g. USD 29.00)" rows={4} isMonospace {...fieldOf('prices')} />
        </div>
      </div>
      <CheckboxField id="offer-active" label="Active (customers can buy it)" {...fieldOf('isActive')} />
      {offer && (
        <p className="small text-body-secondary" data-testid="offer-sold">
          Sold: {offer.soldCount} {offer.soldCount === 1 ? 'licence' : 'licences'} (refunds not counted).
        </p>
      )}
      <FormSubmit label="SAVE OFFER" isPending={saveOffer.isPending} notice={notice} error={saveOffer.error} />
    </form>
  );
}
