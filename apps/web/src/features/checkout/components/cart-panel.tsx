import { CART_PANEL_MIN_WIDTH_PX } from '@store/contracts/constants';
import { messages } from '@store/contracts/messages';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { removeProduct } from '../../../lib/checkout/checkout-actions';
import { useCheckoutState } from '../../../lib/checkout/checkout-store';
import { formatMoney } from '../../../lib/checkout/format-money';
import { checkoutFromCartPanel, reportCheckoutFailure } from '../cart-panel-store';

/** `restoresFocus` false: closing for the payment popup, which keeps the focus (see cart-panel-store.ts). */
type CartPanelProps = { isOpen: boolean; restoresFocus: boolean; errorText: string; onClose: () => void };

// At least 450 px wide (spec §9), but never wider than a narrow phone's screen.
const panelStyle = { width: `min(${CART_PANEL_MIN_WIDTH_PX}px, 100vw)` };

/**
 * The cart panel (spec "Cart panel"): opens from the right; items with display name, the struck-through price
 * before a percent discount, the price without tax and a remove button; the tax line when there is tax; the
 * total; Checkout. An empty cart says "Your cart is empty".
 */
export function CartPanel({ isOpen, restoresFocus, errorText, onClose }: CartPanelProps) {
  const { data, cartItems } = useCheckoutState();
  const currency = data?.currency ?? '';
  const money = (value: number) => formatMoney(value, currency);
  const taxValue = data?.taxValue ?? 0;
  const netTotal = data?.totalValue ?? 0;
  const total = data?.totalWithTaxValue ?? netTotal + taxValue;

  return (
    <Offcanvas
      show={isOpen}
      onHide={onClose}
      placement="end"
      style={panelStyle}
      aria-labelledby="cart-panel-title"
      // While it closes for the popup, the panel neither pulls the focus back (its exit transition still runs)
      // nor hands it to the button that opened it once closed: the buyer may be typing into the popup by then.
      enforceFocus={restoresFocus}
      restoreFocus={restoresFocus}
    >
      <Offcanvas.Header closeButton closeLabel="Close cart">
        <Offcanvas.Title as="h2" id="cart-panel-title" className="h4 mb-0">
          Cart
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {errorText && (
          <p className="alert alert-danger" role="alert">
            {errorText}
          </p>
        )}
        {!data ? (
          // A checkout that failed to load sends no cart: its reason above stands alone, not beside a spinner.
          !errorText && (
            <div className="d-flex justify-content-center py-4">
              <div className="spinner-border" role="status">
                <span className="visually-hidden">Loading…</span>
              </div>
            </div>
          )
        ) : cartItems.length === 0 ? (
          <p data-testid="cart-empty">{messages.cartEmpty}</p>
        ) : (
          <>
            <ul className="list-unstyled mb-3" aria-label="Items">
              {cartItems.map((item) => (
                <li key={item.path} className="d-flex align-items-center gap-2 py-2 border-bottom" data-testid="cart-item">
                  <span className="flex-grow-1 fw-semibold">
                    {item.display}
                    {(item.quantity ?? 1) > 1 && ` × ${item.quantity}`}
                  </span>
                  {item.discountPercentValue > 0 && <s className="text-body-secondary">{money(item.priceValueWithoutTaxAndDiscounts)}</s>}
                  <span>{money(item.priceValueWithoutTax)}</span>
                  <button
                    type="button"
                    className="btn-close"
                    aria-label={`Remove ${item.display ?? item.path}`}
                    onClick={() => removeProduct(item.path).catch(reportCheckoutFailure)}
                  />
                </li>
              ))}
            </ul>
            {data.coupons && data.coupons.length > 0 && (
              <p className="text-success small mb-2">Promotion {data.coupons.join(', ')} applied</p>
            )}
            {taxValue > 0 && (
              <>
                <div className="d-flex justify-content-between">
                  <span>Subtotal</span>
                  <span>{money(netTotal)}</span>
                </div>
                <div className="d-flex justify-content-between" data-testid="cart-tax">
                  <span>
                    {data.taxType ?? 'Tax'} {data.taxRate}
                  </span>
                  <span>{money(taxValue)}</span>
                </div>
              </>
            )}
            <div className="d-flex justify-content-between fw-bold border-top pt-2 mt-2" data-testid="cart-total">
              <span>Total</span>
              <span>{money(total)}</span>
            </div>
            <button type="button" className="btn btn-primary w-100 mt-3" onClick={checkoutFromCartPanel}>
              Checkout
            </button>
          </>
        )}
      </Offcanvas.Body>
    </Offcanvas>
  );
}
