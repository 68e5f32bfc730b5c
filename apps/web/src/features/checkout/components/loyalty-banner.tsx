import { messages } from '@store/contracts/messages';
import { useEffect } from 'react';
import { applyPromotion } from '../../../lib/checkout/checkout-actions';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useLoyaltyCoupon } from '../api/get-loyalty-coupon';

const reportFailure = (error: unknown) => console.warn('Checkout:', error instanceof Error ? error.message : error);

/**
 * The customer area's loyalty banner (spec §4): shown when the loyalty coupon call answers a code, which is then
 * applied to the checkout as a promotion, so the cart's prices show the discount.
 */
export function LoyaltyBanner() {
  const user = useCurrentUser();
  const { data: code } = useLoyaltyCoupon(user?.name ?? null);

  useEffect(() => {
    if (code) applyPromotion(code).catch(reportFailure);
  }, [code]);

  if (!code) return null;
  return (
    <div className="alert alert-success" role="status" data-testid="loyalty-banner">
      {messages.loyaltyBanner}
    </div>
  );
}
