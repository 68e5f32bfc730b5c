import { describe, expect, it } from 'vitest';
import { decimalsOf, splitAmount, sumAmounts } from './money.js';

const total = (amounts: string[], currency: string) =>
  amounts.reduce((sum, amount) => sum + Math.round(Number(amount) * 10 ** decimalsOf(currency)), 0);

describe('splitAmount', () => {
  it('gives each of n licences its share in whole cents, the remainder a cent each on the first ones', () => {
    expect(splitAmount(100, 3, 'USD')).toEqual(['33.34', '33.33', '33.33']);
    expect(splitAmount(79, 2, 'USD')).toEqual(['39.50', '39.50']);
    expect(splitAmount(0.05, 3, 'EUR')).toEqual(['0.02', '0.02', '0.01']);
    expect(splitAmount(49, 1, 'EUR')).toEqual(['49.00']);
    expect(splitAmount(0, 2, 'USD')).toEqual(['0.00', '0.00']);
  });

  it('adds up to the item exactly, to the cent, whatever the float the provider sent', () => {
    // 19.9 * 100 is 1989.9999999999998 in floating point: the split starts from 1990 cents.
    for (const [amount, count] of [
      [19.9, 7],
      [0.1 + 0.2, 4],
      [1234.56, 9],
      [999.99, 11],
    ] as const) {
      const shares = splitAmount(amount, count, 'USD');
      expect(shares).toHaveLength(count);
      expect(total(shares, 'USD')).toBe(Math.round(amount * 100));
      expect(shares.every((share) => /^\d+\.\d{2}$/.test(share))).toBe(true);
    }
  });

  it('splits currencies without a minor unit (JPY, KRW) in whole units', () => {
    expect(splitAmount(10_000, 3, 'JPY')).toEqual(['3334', '3333', '3333']);
    expect(splitAmount(5800, 2, 'jpy')).toEqual(['2900', '2900']);
    expect(splitAmount(1001, 4, 'KRW')).toEqual(['251', '250', '250', '250']);
    expect(total(splitAmount(10_000, 3, 'JPY'), 'JPY')).toBe(10_000);
  });

  it('keeps the sign of a negative amount and answers nothing for no licences', () => {
    expect(splitAmount(-10, 3, 'USD')).toEqual(['-3.34', '-3.33', '-3.33']);
    expect(splitAmount(10, 0, 'USD')).toEqual([]);
  });
});

describe('sumAmounts', () => {
  it('adds amounts in whole minor units', () => {
    expect(sumAmounts([0.1, 0.2], 'USD')).toBe('0.30');
    expect(sumAmounts([10, 2.5], 'EUR')).toBe('12.50');
    expect(sumAmounts([1000, 500], 'JPY')).toBe('1500');
  });
});

describe('decimalsOf', () => {
  it('knows the currencies without a minor unit, as Intl does, and keeps cents for the others', () => {
    const intlDecimals = (currency: string) =>
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
    for (const currency of ['JPY', 'KRW', 'ISK', 'CLP', 'VND', 'USD', 'EUR', 'GBP', 'CHF', 'SEK', 'AUD', 'CAD', 'BRL']) {
      expect(decimalsOf(currency), currency).toBe(intlDecimals(currency));
    }
    // Three decimals (KWD) are kept to the cent: the columns hold two.
    expect(decimalsOf('KWD')).toBe(2);
  });
});
