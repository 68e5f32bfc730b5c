// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_UNAVAILABLE } from '../../../lib/checkout/checkout-script';
import { receiveCheckoutData } from '../../../lib/checkout/checkout-store';
import { stubMatchMedia } from '../../../test/match-media';
import { closeCartPanel, useCartPanel } from '../cart-panel-store';
import { CartPanel } from './cart-panel';

beforeAll(stubMatchMedia);

/**
 * The cart panel closes for the payment popup while the buyer may already be typing into it: on a busy computer
 * the popup's form is there before the panel's closing transition has ended (a journey lost its email that way).
 */
function Page({ isOpen, restoresFocus }: { isOpen: boolean; restoresFocus: boolean }) {
  return (
    <>
      <button type="button">Buy Spacey</button>
      <input aria-label="Email in the popup" />
      <CartPanel isOpen={isOpen} restoresFocus={restoresFocus} errorText="" onClose={() => undefined} />
    </>
  );
}

async function openThenClose(restoresFocus: boolean): Promise<HTMLElement> {
  const view = render(<Page isOpen={false} restoresFocus />);
  screen.getByRole('button', { name: 'Buy Spacey' }).focus();
  view.rerender(<Page isOpen restoresFocus />);
  await screen.findByRole('dialog', { name: 'Cart' });
  view.rerender(<Page isOpen={false} restoresFocus={restoresFocus} />);
  // Typing into the popup while the panel is still on its way out.
  const email = screen.getByLabelText('Email in the popup');
  email.focus();
  await waitFor(() => expect(document.querySelector('.offcanvas')).toBeNull());
  return email;
}

describe('CartPanel closing', () => {
  it('for the payment popup leaves the focus where the buyer put it', async () => {
    const email = await openThenClose(false);
    expect(document.activeElement).toBe(email);
  });

  it('when the buyer closes it, gives the focus back to the button that opened it', async () => {
    await openThenClose(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Buy Spacey' }));
  });
});

/** The panel as the cart control shows it, open, with the reason of the last failure from its store. */
function OpenCart() {
  const { errorText } = useCartPanel();
  return <CartPanel isOpen restoresFocus errorText={errorText} onClose={() => undefined} />;
}

describe('CartPanel remove button', () => {
  afterEach(() => {
    closeCartPanel();
    document.head.innerHTML = '';
  });

  it('shows the reason when the checkout cannot remove the item', async () => {
    receiveCheckoutData({
      currency: 'USD',
      groups: [{ items: [{ path: 'spacey', display: 'Spacey', selected: true, priceValueWithoutTax: 49 }] }],
    });
    document.head.innerHTML = '<meta name="checkout-unavailable" content="">';
    render(<OpenCart />);
    const panel = await screen.findByRole('dialog', { name: 'Cart' });
    expect(within(panel).queryByRole('alert')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove Spacey' }));
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe(CHECKOUT_UNAVAILABLE));
  });
});
