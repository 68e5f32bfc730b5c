import { lazy, Suspense } from 'react';
import { useCheckoutNavigation } from '../../../lib/checkout/checkout-navigation';
import { useCheckoutState } from '../../../lib/checkout/checkout-store';
import { closeCartPanel, openCartPanel, useCartPanel } from '../cart-panel-store';
import { CartButton } from './cart-button';

const CartPanel = lazy(() => import('./cart-panel').then((module) => ({ default: module.CartPanel })));

/**
 * The navbar's "extra control" (spec §2): the cart button with the cart's item count, and the cart panel it
 * opens, loaded on first use. Cart and panel state live outside this component, which remounts when the navbar
 * switches layouts. It also lends the router to the checkout's popup-closed callback.
 */
export function CartControl() {
  useCheckoutNavigation();
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
