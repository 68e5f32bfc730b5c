import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useAdminProducts } from '../../shared/products-api';
import { useEditorKey } from '../../shared/use-editor-key';
import { useOffers } from '../api/offers-api';
import { OfferEditorForm } from './offer-editor-form';

/** /admin/offer/{id}: an upgrade path or crossgrade (0: a new one, created on SAVE OFFER; decisions 025 and 036). */
export function OfferEditorPage() {
  const id = useParams().id ?? '';
  const offerId = Number(id);
  const isNew = offerId === 0;
  const offers = useOffers();
  const products = useAdminProducts();
  const { editorKey, onCreated } = useEditorKey(id, isNew);
  const offer = offers.data?.find((candidate) => candidate.id === offerId);
  useDocumentTitle(isNew ? 'New Offer' : 'Edit Offer');
  const isLoaded = offers.data !== undefined && products.data !== undefined;
  return (
    <main className="admin-screen">
      <h1 className="h3 mb-3">{isNew ? 'New Offer (created on SAVE OFFER)' : `Edit Offer ${offer?.name ?? ''}`}</h1>
      {!isLoaded && <p aria-busy="true">Loading…</p>}
      {isLoaded && !isNew && !offer && <p role="alert">This offer does not exist (any more).</p>}
      {isLoaded && (isNew || offer) && <OfferEditorForm key={editorKey} offer={offer} products={products.data} onCreated={onCreated} />}
    </main>
  );
}
