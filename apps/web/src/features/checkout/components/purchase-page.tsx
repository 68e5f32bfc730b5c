import type { CheckoutSession } from '@store/contracts/checkout';
import { CHECKOUT_PUSH_INTERVAL_MS } from '@store/contracts/constants';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { pushCheckoutSession } from '../../../lib/checkout/checkout-actions';
import { useCheckoutPath } from '../../../lib/checkout/product-paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { checkoutFromCartPanel, openCartPanel } from '../cart-panel-store';

/**
 * The purchase page, /purchase/{productName}/{couponCode?} (spec §2, DESIGN §9): loads the checkout script and
 * every 500 ms pushes the product (quantity 1) with the coupon, until left. The product goes by its FastSpring
 * path, looked up by name in the product list first (decision 026; the spec pushed the name in lower case), so
 * nothing is pushed until the list is in.
 */
export function PurchasePage() {
  const { productName = '', couponCode } = useParams();
  const [failure, setFailure] = useState('');
  const path = useCheckoutPath(productName);
  useDocumentTitle(`Buy ${productName}`);

  useEffect(() => {
    if (path === undefined) return;
    const session: CheckoutSession = { products: [{ path, quantity: 1 }] };
    if (couponCode) session.coupon = couponCode;
    let isActive = true;
    const push = () => {
      pushCheckoutSession(session).then(
        () => isActive && setFailure(''),
        (error: unknown) => isActive && setFailure(error instanceof Error ? error.message : String(error)),
      );
    };
    push();
    const timer = window.setInterval(push, CHECKOUT_PUSH_INTERVAL_MS);
    return () => {
      isActive = false;
      window.clearInterval(timer);
    };
  }, [path, couponCode]);

  return (
    <main className="container py-4">
      <h1 className="h3 mb-3">Buy {productName}</h1>
      <p className="lead">{productName} is in your cart. Check out to pay; your licence key arrives by email.</p>
      {failure && (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      )}
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-primary" onClick={checkoutFromCartPanel}>
          Checkout
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={openCartPanel}>
          View cart
        </button>
      </div>
    </main>
  );
}
