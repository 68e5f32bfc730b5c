// @vitest-environment jsdom
import type { CatalogueItem } from '@store/contracts/checkout';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { receiveCheckoutData } from '../../lib/checkout/checkout-store';
import { describeShopPrice, renderShopPrices } from './shop-prices';

const addProduct = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../lib/checkout/checkout-actions', () => ({
  addProduct,
  ensureCheckoutLoaded: () => Promise.resolve(),
}));

const item = (overrides: Partial<CatalogueItem> = {}): CatalogueItem => ({
  path: 'spacey',
  display: 'Spacey',
  selected: false,
  priceValueWithoutTax: 49,
  priceValueWithoutTaxAndDiscounts: 49,
  discountPercentValue: 0,
  ...overrides,
});
const discounted = item({ path: 'tapewarm', priceValueWithoutTax: 23.2, priceValueWithoutTaxAndDiscounts: 29, discountPercentValue: 20 });

describe('describeShopPrice (spec §4)', () => {
  it('small without discount shows nothing', () => {
    expect(describeShopPrice(item(), 'USD', true)).toEqual({ kind: 'nothing' });
  });

  it('no discount and not small shows the price plus " + VAT" in the currency', () => {
    expect(describeShopPrice(item(), 'USD', false)).toEqual({ kind: 'price', price: 'USD 49.00 + VAT' });
  });

  it('a discount shows the discounted price, the original price and "N % OFF"', () => {
    expect(describeShopPrice(discounted, 'USD', false)).toEqual({
      kind: 'discounted',
      price: 'USD 23.20 + VAT',
      originalPrice: 'USD 29.00',
      discount: '20 % OFF',
    });
  });

  it('a discount with small set shows only "N % OFF"', () => {
    expect(describeShopPrice(discounted, 'USD', true)).toEqual({ kind: 'discount-only', discount: '20 % OFF' });
  });

  it('rounds the discount to a whole percent and prices to 2 decimals', () => {
    const odd = item({ priceValueWithoutTax: 32.8333, priceValueWithoutTaxAndDiscounts: 49, discountPercentValue: 32.99 });
    expect(describeShopPrice(odd, 'EUR', false)).toEqual({
      kind: 'discounted',
      price: 'EUR 32.83 + VAT',
      originalPrice: 'EUR 49.00',
      discount: '33 % OFF',
    });
  });
});

describe('renderShopPrices', () => {
  let container: HTMLElement;
  beforeEach(() => {
    container = document.createElement('main');
    document.body.append(container);
  });
  afterEach(() => {
    container.remove();
    addProduct.mockClear();
  });

  it('rewrites the placeholders whenever the catalogue changes, matching paths case-insensitively', () => {
    container.innerHTML = `<p><shop-price product="Spacey"></shop-price></p><p><shop-price product="tapewarm"></shop-price></p>
      <p><shop-price product="tapewarm" small="true"></shop-price></p><p><shop-price product="spacey" small="true"></shop-price></p>`;
    const cleanup = renderShopPrices(container);
    const [spacey, tapewarm, tapewarmSmall, spaceySmall] = [...container.querySelectorAll('shop-price')];

    receiveCheckoutData({ currency: 'USD', groups: [{ items: [item(), discounted] }] });
    expect(spacey?.textContent).toBe('USD 49.00 + VAT');
    expect(tapewarm?.querySelector('s')?.textContent).toBe('USD 29.00');
    expect(tapewarm?.textContent).toBe('USD 23.20 + VAT USD 29.00 20 % OFF');
    expect(tapewarmSmall?.textContent).toBe('20 % OFF');
    expect(spaceySmall?.textContent).toBe('');

    receiveCheckoutData({
      currency: 'EUR',
      groups: [{ items: [item({ priceValueWithoutTax: 45, priceValueWithoutTaxAndDiscounts: 45 })] }],
    });
    expect(spacey?.textContent).toBe('EUR 45.00 + VAT');

    cleanup?.();
    receiveCheckoutData({ currency: 'USD', groups: [{ items: [item()] }] });
    expect(spacey?.textContent).toBe('EUR 45.00 + VAT');
  });

  it('adds the product of a product-to-checkout button to the cart without submitting', () => {
    container.innerHTML = `<form><button type="submit" product-to-checkout="spacey"><span>Buy</span></button></form>`;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    container.querySelector('form')?.addEventListener('submit', submitted);
    const cleanup = renderShopPrices(container);
    container.querySelector('span')?.click();
    expect(addProduct).toHaveBeenCalledWith('spacey');
    expect(submitted).not.toHaveBeenCalled();
    cleanup?.();
  });

  it('leaves pages without shop elements alone', () => {
    container.innerHTML = '<h1>About</h1>';
    expect(renderShopPrices(container)).toBeUndefined();
  });
});
