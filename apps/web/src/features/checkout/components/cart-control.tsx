import { lazy, Suspense, useEffect } from 'react';
import { useCheckoutNavigation } from '../../../lib/checkout/checkout-navigation';
import { useCheckoutState } from '../../../lib/checkout/checkout-store';
import { watchLoyaltyCodeOwner } from '../../../lib/checkout/loyalty-code';
import { closeCartPanel, openCartPanel, useCartPanel } from '../cart-panel-store';
import { CartButton } from './cart-button';

const CartPanel = lazy(() => import('./cart-panel').then((module) => ({ default: module.CartPanel })));

/**
 * The navbar's "extra control" (spec §2): the cart button with the cart's item count, and the cart panel it
 * opens, loaded on first use. Cart and panel state live outside this component, which remounts when the navbar
 * switches layouts. It also lends the router to the checkout's popup-closed callback, and, being on every page,
 * has a customer's loyalty code taken out of the kept cart when their session ends.
 */
export function CartControl() {
  useCheckoutNavigation();
  useEffect(watchLoyaltyCodeOwner, []);
  const { cartItems } = useCheckoutState();
  const panel = useCartPanel();
  return (
    <>
      <CartButton itemCount={cartItems.length} onClick={openCartPanel} />
      {panel.hasOpened && (
        <Suspense fallback={null}>
          <CartPanel isOpen={panel.isOpen} restoresFocus={panel.restoresFocus} errorText={panel.errorText} onClose={closeCartPanel} />
        </Suspense>
      )}
    </>
  );
}
