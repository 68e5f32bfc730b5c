import { PRICE_DECIMALS } from '@store/contracts/constants';

const amountFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: PRICE_DECIMALS,
  maximumFractionDigits: PRICE_DECIMALS,
});

/**
 * An amount with its currency code and 2 decimals (spec §9), the one money format of the shop: "USD 1,049.00".
 * The code rather than a symbol, so a "$" never leaves the currency in doubt.
 */
export function formatMoney(value: number, currency: string): string {
  const amount = amountFormat.format(Number.isFinite(value) ? value : 0);
  return currency ? `${currency} ${amount}` : amount;
}

/** A discount as the shop shows it: rounded to a whole percent (spec §9), "20 % OFF". */
export const formatDiscount = (percent: number): string => `${Math.round(percent)} % OFF`;
