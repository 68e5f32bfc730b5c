import { describe, expect, it } from 'vitest';
import { completeBundlePrice, type BundleRule } from './bundle-price.js';

const parts = [
  { productId: 1, price: 49 },
  { productId: 2, price: 29 },
  { productId: 3, price: 22 },
];
const share: BundleRule = { rule: 'share', prices: { USD: '99.00' }, ownedPrices: {} };
const fixed: BundleRule = { rule: 'fixed', prices: { USD: '99.00' }, ownedPrices: { '1': { USD: '69' } } };

describe('completeBundlePrice', () => {
  it('takes the owned products’ share of the bundle price by their own prices, to the cent', () => {
    // 49 of 100 owned: 99 × 0.51 = 50.49.
    expect(completeBundlePrice({ rule: share, currency: 'USD', parts, ownedProductIds: new Set([1]) })).toBe('50.49');
    expect(completeBundlePrice({ rule: share, currency: 'USD', parts, ownedProductIds: new Set() })).toBe('99.00');
  });

  it('shares by count when no product has a price', () => {
    const free = parts.map((part) => ({ ...part, price: 0 }));
    expect(completeBundlePrice({ rule: share, currency: 'USD', parts: free, ownedProductIds: new Set([2]) })).toBe('66.00');
  });

  it('takes the fixed price for the count owned, and none for a count or currency the vendor did not price', () => {
    expect(completeBundlePrice({ rule: fixed, currency: 'USD', parts, ownedProductIds: new Set([3]) })).toBe('69.00');
    expect(completeBundlePrice({ rule: fixed, currency: 'USD', parts, ownedProductIds: new Set([1, 3]) })).toBeUndefined();
    expect(completeBundlePrice({ rule: fixed, currency: 'EUR', parts, ownedProductIds: new Set([3]) })).toBeUndefined();
  });
});
