import type { CheckoutSession } from '@store/contracts/checkout';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { pushCheckoutSession } from '../../../lib/checkout/checkout-actions';
import { useCheckoutPath } from '../../../lib/checkout/product-paths';
import { countCheckoutErrors, useCheckoutState } from '../../../lib/checkout/checkout-store';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * /directurlcheckout/{productName?}/{couponCode} (spec §2): applies the coupon, adds the product when one is
 * named, and opens the payment popup, all in one push (docs/fastspring-protocol.md §4.4). A named product goes by its FastSpring
 * path from the product list (decision 026), so the push waits for the list.
 */
export function DirectCheckoutPage() {
  const { productName, couponCode = '' } = useParams();
  const [errorMark] = useState(countCheckoutErrors);
  const [loadFailure, setLoadFailure] = useState('');
  const { error } = useCheckoutState();
  const startedFor = useRef('');
  const path = useCheckoutPath(productName ?? '');
  useDocumentTitle('Checkout');

  useEffect(() => {
    if (path === undefined) return;
    // Once per address, also under StrictMode's double effects: a second push would open a second popup.
    const key = `${productName ?? ''}/${couponCode}`;
    if (startedFor.current === key) return;
    startedFor.current = key;
    const session: CheckoutSession = { coupon: couponCode, checkout: true };
    if (path) session.products = [{ path, quantity: 1 }];
    pushCheckoutSession(session).catch((failure: unknown) => setLoadFailure(failure instanceof Error ? failure.message : String(failure)));
  }, [productName, path, couponCode]);

  const failure = loadFailure || (error && error.sequence > errorMark ? error.text : '');
  return (
    <main className="container py-4">
      <h1 className="h3 mb-3">Checkout</h1>
      {failure ? (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      ) : (
        <p className="lead">Opening the checkout with your coupon {couponCode}…</p>
      )}
    </main>
  );
}
