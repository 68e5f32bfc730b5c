/** An amount in its currency, as the admin's browser writes money; without a currency a plain number. */
export function formatMoney(amount: number, currency: string): string {
  if (currency === '') return amount.toLocaleString();
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
