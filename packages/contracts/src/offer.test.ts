import { describe, expect, it } from 'vitest';
import { offerEditForm, parsePriceLines, priceLinesOf } from './offer.js';

describe('the offer editor’s prices', () => {
  it('reads one price a line, in any case, with up to two decimals, and writes them back', () => {
    expect(parsePriceLines('usd 29\n\n EUR 27.5 ')).toEqual({ USD: '29.00', EUR: '27.50' });
    expect(priceLinesOf({ USD: '29.00', EUR: '27.50' })).toBe('USD 29.00\nEUR 27.50');
    for (const text of ['', 'USD', '29 USD', 'USD 1.999', 'US 29']) expect(parsePriceLines(text), text).toBeUndefined();
  });

  it('refuses a form whose target is among its sources', () => {
    const form = { kind: 'upgrade', name: 'Up', targetProductId: '2', sourceProductIds: ['1', '2'], prices: 'USD 1', isActive: true };
    expect(offerEditForm.safeParse(form).error?.issues[0]?.message).toBe('A product cannot be offered to its own owners');
    expect(offerEditForm.safeParse({ ...form, sourceProductIds: ['1'] }).success).toBe(true);
  });
});
