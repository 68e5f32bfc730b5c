import { describe, expect, it } from 'vitest';
import { listOfNames, offerCurrencyOf, offerTitleOf } from './offer-price';

describe('offerCurrencyOf', () => {
  it('takes the shop’s currency when the offer is priced in it, else dollars, else its first', () => {
    expect(offerCurrencyOf({ prices: { USD: '29.00', EUR: '27.00' } }, 'EUR')).toBe('EUR');
    expect(offerCurrencyOf({ prices: { USD: '29.00', EUR: '27.00' } }, 'CHF')).toBe('USD');
    expect(offerCurrencyOf({ prices: { EUR: '27.00' } }, undefined)).toBe('EUR');
  });
});

describe('offerTitleOf', () => {
  it('names an upgrade by its target and a crossgrade by its own name', () => {
    expect(offerTitleOf({ kind: 'upgrade', name: 'Anything', targetProductName: 'Spacey 2' })).toBe('Upgrade to Spacey 2');
    expect(offerTitleOf({ kind: 'crossgrade', name: 'Tapewarm for Punch owners', targetProductName: 'Tapewarm' })).toBe(
      'Tapewarm for Punch owners',
    );
  });
});

describe('listOfNames', () => {
  it('lists names as a sentence does', () => {
    expect(listOfNames(['Spacey'])).toBe('Spacey');
    expect(listOfNames(['Spacey', 'Punch'])).toBe('Spacey and Punch');
    expect(listOfNames(['Spacey', 'Punch', 'Tapewarm'])).toBe('Spacey, Punch and Tapewarm');
  });
});
