import { describe, expect, it } from 'vitest';
import { formatDiscount, formatMoney } from './format-money';

describe('formatMoney', () => {
  it('shows the currency code and always 2 decimals', () => {
    expect(formatMoney(49, 'USD')).toBe('USD 49.00');
    expect(formatMoney(23.2, 'EUR')).toBe('EUR 23.20');
    expect(formatMoney(1049.5, 'USD')).toBe('USD 1,049.50');
  });

  it('rounds to 2 decimals', () => {
    expect(formatMoney(19.999, 'USD')).toBe('USD 20.00');
    expect(formatMoney(0.014, 'USD')).toBe('USD 0.01');
  });

  it('survives a missing currency or a broken number', () => {
    expect(formatMoney(5, '')).toBe('5.00');
    expect(formatMoney(Number.NaN, 'USD')).toBe('USD 0.00');
  });
});

describe('formatDiscount', () => {
  it('rounds to a whole percent', () => {
    expect(formatDiscount(20)).toBe('20 % OFF');
    expect(formatDiscount(14.5)).toBe('15 % OFF');
    expect(formatDiscount(33.333)).toBe('33 % OFF');
  });
});
