import { CartButton } from './cart-button';

/**
 * The navbar's "extra control" (spec §2): the cart button now; the next issue adds the cart state (kept
 * outside this component, which remounts when the navbar switches between its narrow and wide layouts) and
 * the cart panel that the button opens.
 */
export function CartControl() {
  return <CartButton itemCount={0} />;
}
