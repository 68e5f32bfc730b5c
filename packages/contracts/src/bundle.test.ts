import { describe, expect, it } from 'vitest';
import { bundleEditForm, ownedPriceLinesOf, parseOwnedPriceLines } from './bundle.js';

describe('the bundle editor’s prices per count owned (decision 057)', () => {
  it('reads one line per count and currency, and writes them back in count order', () => {
    const prices = parseOwnedPriceLines('2 usd 39\n 1 USD 69.5 \n\n1 EUR 65');
    expect(prices).toEqual({ '1': { USD: '69.50', EUR: '65.00' }, '2': { USD: '39.00' } });
    expect(ownedPriceLinesOf(prices!)).toBe('1 USD 69.50\n1 EUR 65.00\n2 USD 39.00');
    expect(parseOwnedPriceLines('')).toEqual({});
  });

  it('refuses a line without a count, a count of 0, or a price with three decimals', () => {
    expect(parseOwnedPriceLines('USD 39')).toBeUndefined();
    expect(parseOwnedPriceLines('0 USD 39')).toBeUndefined();
    expect(parseOwnedPriceLines('1 USD 39.999')).toBeUndefined();
  });

  it('needs two products, a price, and for a fixed rule a price per count', () => {
    const form = { name: 'Studio', path: '', partProductIds: ['1', '2'], prices: 'USD 99', rule: 'share' as const, ownedPrices: '' };
    expect(bundleEditForm.safeParse(form).success).toBe(true);
    expect(bundleEditForm.safeParse({ ...form, partProductIds: ['1'] }).success).toBe(false);
    expect(bundleEditForm.safeParse({ ...form, path: 'No Spaces' }).success).toBe(false);
    expect(bundleEditForm.safeParse({ ...form, rule: 'fixed' }).error?.issues[0]?.message).toBe(
      'A fixed rule needs a price for at least one count owned',
    );
    expect(bundleEditForm.safeParse({ ...form, rule: 'fixed', ownedPrices: '1 USD 69' }).success).toBe(true);
  });
});
