import { describe, expect, it } from 'vitest';
import { findCatalogueItem, getCheckoutState, receiveCheckoutData, receiveCheckoutError, toCheckoutCart } from './checkout-store';

const builderData = {
  currency: 'USD',
  taxValue: 9.8,
  taxRate: '20%',
  taxType: 'VAT',
  totalValue: 49,
  totalWithTaxValue: 58.8,
  coupons: ['LOYALTY15'],
  groups: [
    {
      items: [
        {
          path: 'spacey',
          display: 'Spacey',
          selected: true,
          quantity: 1,
          priceValue: 49,
          priceValueWithoutTax: 49,
          priceValueWithoutTaxAndDiscounts: 49,
          discountPercentValue: 0,
        },
        { path: 'punch', display: 'Punch', selected: false, priceValueWithoutTax: '79', discountPercentValue: 0 },
        { display: 'no path' },
      ],
    },
    { items: [{ path: 'Spacey', display: 'Spacey again', selected: false, priceValueWithoutTax: 49 }] },
  ],
};

describe('checkout store', () => {
  it('reads the data callback defensively: numbers from strings, missing fields defaulted, items without path dropped', () => {
    const cart = toCheckoutCart(builderData);
    expect(cart?.groups[0]?.items).toHaveLength(3);
    expect(cart?.groups[0]?.items[1]).toMatchObject({ path: 'punch', priceValueWithoutTax: 79, priceValueWithoutTaxAndDiscounts: 79 });
    expect(cart).toMatchObject({ currency: 'USD', taxValue: 9.8, taxRate: '20%', totalWithTaxValue: 58.8, coupons: ['LOYALTY15'] });
    expect(toCheckoutCart(null)).toBeNull();
  });

  it('keeps one catalogue entry per path and the selected items as the cart', () => {
    receiveCheckoutData(builderData);
    const { catalogue, cartItems } = getCheckoutState();
    expect(catalogue.map((item) => item.path)).toEqual(['spacey', 'punch']);
    expect(cartItems.map((item) => item.path)).toEqual(['spacey']);
    expect(findCatalogueItem(catalogue, ' PUNCH ')?.display).toBe('Punch');
  });

  it('counts the reported failures', () => {
    const before = getCheckoutState().error?.sequence ?? 0;
    receiveCheckoutError(400, 'Your cart is empty.');
    expect(getCheckoutState().error).toEqual({ sequence: before + 1, status: 400, text: 'Your cart is empty.' });
  });
});
