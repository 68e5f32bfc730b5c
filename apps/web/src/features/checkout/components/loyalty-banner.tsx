import { messages } from '@store/contracts/messages';
import { useEffect } from 'react';
import { applyPromotion } from '../../../lib/checkout/checkout-actions';
import { showToast } from '../../../lib/toast-store';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useLoyaltyCoupon } from '../api/get-loyalty-coupon';
import { openCartPanel } from '../cart-panel-store';

const reportFailure = (error: unknown) => console.warn('Checkout:', error instanceof Error ? error.message : error);

/**
 * The customer area's loyalty banner (spec §4): shown when the loyalty coupon call answers a code, which is then
 * applied to the checkout as a promotion, so the cart's prices show the discount. It shows the code, and a button
 * applies it again (a completed purchase empties the cart and its promotion) and opens the cart (decision 037).
 */
export function LoyaltyBanner() {
  const user = useCurrentUser();
  const { data: code } = useLoyaltyCoupon(user?.name ?? null);

  useEffect(() => {
    if (code) applyPromotion(code).catch(reportFailure);
  }, [code]);

  if (!code) return null;
  const applyToCart = () => {
    applyPromotion(code)
      .then(() => {
        openCartPanel();
        showToast(`Your code ${code} is applied: the cart shows your prices.`);
      })
      .catch(reportFailure);
  };
  return (
    <div className="alert alert-success" role="status" data-testid="loyalty-banner">
      {messages.loyaltyBanner}
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
        <span>
          Your personal code, for one order:{' '}
          <strong className="font-monospace user-select-all" data-testid="loyalty-code">
            {code}
          </strong>
        </span>
        <button type="button" className="btn btn-link alert-link p-0 align-baseline" onClick={applyToCart}>
          Apply it to your cart
        </button>
      </div>
    </div>
  );
}
