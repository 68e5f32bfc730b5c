// Amounts of money as the order rows keep them (numeric(12, 2), decision 029): worked out in whole minor units, so
// shares add up to the cent, and answered as decimal text for PostgreSQL's numeric columns.

/**
 * ISO 4217 currencies without a minor unit: their amounts are whole (a licence of JPY 3,333). Migration 067's
 * `currency_decimals` holds the same list.
 */
const CURRENCIES_WITHOUT_MINOR_UNIT = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'UYI',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** The decimals a currency's amounts are kept with: none without a minor unit, else cents (the columns keep two). */
export const decimalsOf = (currency: string): number => (CURRENCIES_WITHOUT_MINOR_UNIT.has(currency.trim().toUpperCase()) ? 0 : 2);

const toMinorUnits = (amount: number, decimals: number): number => Math.round(Math.abs(amount) * 10 ** decimals);

/** Whole minor units as decimal text: 3950 → "39.50" (2 decimals), 3334 → "3334" (none). */
function formatMinorUnits(units: number, decimals: number, isNegative = false): string {
  const sign = isNegative && units !== 0 ? '-' : '';
  if (decimals === 0) return `${sign}${units}`;
  const scale = 10 ** decimals;
  return `${sign}${Math.floor(units / scale)}.${String(units % scale).padStart(decimals, '0')}`;
}

/**
 * An item's amount split over its `count` licences: each gets the amount divided in whole minor units, and the
 * remainder goes a unit each to the first licences, so the shares add up to the item exactly
 * (USD 100 over 3: 33.34, 33.33, 33.33; JPY 10,000 over 3: 3334, 3333, 3333).
 */
export function splitAmount(amount: number, count: number, currency: string): string[] {
  if (count <= 0) return [];
  const decimals = decimalsOf(currency);
  const units = toMinorUnits(amount, decimals);
  const share = Math.floor(units / count);
  const remainder = units % count;
  return Array.from({ length: count }, (_, index) => formatMinorUnits(share + (index < remainder ? 1 : 0), decimals, amount < 0));
}

/** Amounts added up in whole minor units, as decimal text (USD 0.1 + 0.2 is "0.30"). */
export function sumAmounts(amounts: readonly number[], currency: string): string {
  const decimals = decimalsOf(currency);
  const units = amounts.reduce((sum, amount) => sum + Math.sign(amount) * toMinorUnits(amount, decimals), 0);
  return formatMinorUnits(Math.abs(units), decimals, units < 0);
}
