import { messages } from '@store/contracts/messages';
import { useEffect } from 'react';
import { applyLoyaltyCode } from '../../../lib/checkout/loyalty-code';
import { showToast } from '../../../lib/toast-store';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useLoyaltyCoupon } from '../api/get-loyalty-coupon';
import { openCartPanel, reportCheckoutFailure } from '../cart-panel-store';
import { warnOfCheckoutFailure } from '../../../lib/checkout/checkout-failure';

/**
 * The customer area's loyalty banner (spec §4): shown when the loyalty coupon call answers a code, which is then
 * applied to the checkout as a promotion, so the cart's prices show the discount. It shows the code, and a button
 * applies it again (a completed purchase empties the cart and its promotion) and opens the cart (decision 037).
 * The code is applied as the customer's, so it is taken back from the kept cart once their session ends
 * (lib/checkout/loyalty-code.ts).
 */
export function LoyaltyBanner() {
  const owner = useCurrentUser()?.name ?? null;
  const { data: code } = useLoyaltyCoupon(owner);

  useEffect(() => {
    if (owner && code) applyLoyaltyCode(owner, code).catch(warnOfCheckoutFailure);
  }, [owner, code]);

  if (!owner || !code) return null;
  const applyToCart = () => {
    applyLoyaltyCode(owner, code)
      .then(() => {
        openCartPanel();
        showToast(`Your code ${code} is applied: the cart shows your prices.`);
      })
      .catch(reportCheckoutFailure);
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
