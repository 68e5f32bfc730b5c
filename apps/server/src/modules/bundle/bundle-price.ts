/** A bundle's "complete your bundle" rule (decision 054), as the vendor set it. */
export type BundleRule = {
  rule: 'share' | 'fixed';
  /** The whole bundle's price per currency (decimal text). */
  prices: Record<string, string>;
  /** 'fixed': per count owned, the price per currency. */
  ownedPrices: Record<string, Record<string, string>>;
};

/**
 * What a customer who owns `owned` of the bundle's products pays for the rest, in `currency`; undefined when the
 * bundle is not sold in it (or, by a fixed rule, not for that count). 'share' takes the owned products' share of the
 * bundle's price by their own prices (by count when none has a price), rounded to the cent.
 */
export function completeBundlePrice(options: {
  rule: BundleRule;
  currency: string;
  parts: readonly { productId: number; price: number }[];
  ownedProductIds: ReadonlySet<number>;
}): string | undefined {
  const { rule, currency, parts, ownedProductIds } = options;
  const full = rule.prices[currency];
  if (full === undefined) return undefined;
  const owned = parts.filter((part) => ownedProductIds.has(part.productId));
  if (owned.length === 0) return Number(full).toFixed(2);
  if (rule.rule === 'fixed') {
    const price = rule.ownedPrices[String(owned.length)]?.[currency];
    return price === undefined ? undefined : Number(price).toFixed(2);
  }
  const sumOf = (list: readonly { price: number }[]) => list.reduce((sum, part) => sum + part.price, 0);
  const total = sumOf(parts);
  const share = total > 0 ? sumOf(owned) / total : owned.length / parts.length;
  return (Math.round(Number(full) * (1 - share) * 100) / 100).toFixed(2);
}
