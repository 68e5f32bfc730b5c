import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useAdminProducts } from '../../shared/products-api';
import { useEditorRecord } from '../../shared/use-editor-record';
import { useOffers } from '../api/offers-api';
import { OfferEditorForm } from './offer-editor-form';

/** /admin/offer/{id}: an upgrade path or crossgrade (/admin/offer/new: a new one, created on SAVE OFFER; decisions 025, 036 and 068). */
export function OfferEditorPage() {
  const { recordId: offerId, isNew, editorKey, onCreated } = useEditorRecord();
  const offers = useOffers();
  const products = useAdminProducts();
  const offer = offers.data?.find((candidate) => candidate.id === offerId);
  useDocumentTitle(isNew ? 'New Offer' : 'Edit Offer');
  const isLoaded = offers.data !== undefined && products.data !== undefined;
  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">{isNew ? 'New Offer (created on SAVE OFFER)' : `Edit Offer ${offer?.name ?? ''}`}</h1>
      {!isLoaded && <p aria-busy="true">Loading…</p>}
      {isLoaded && !isNew && !offer && <p role="alert">This offer does not exist (any more).</p>}
      {isLoaded && (isNew || offer) && (
        <OfferEditorForm
          key={editorKey}
          offer={offer}
          // A bundle is never sold or owned as itself (decision 104): an offer names one of its products.
          products={products.data.filter((product) => !product.isBundle)}
          onCreated={onCreated}
        />
      )}
    </main>
  );
}
