import type { CheckoutSettings } from './sandbox.repository.js';

/** The tax a sandbox order pays for a buyer's country: its kind ("VAT", "Sales tax") and rate. */
export type TaxRule = { country: string; countryName: string; taxType: string; ratePercent: number };

/**
 * The sandbox's tax rules by country (decision 061): the standard VAT (or GST) rate of a few countries, as in
 * 2026, and none on digital goods sold to the United States and Canada. Sandbox rules to make the checkout look
 * like FastSpring's, not tax advice: FastSpring, the merchant of record, applies the real rules (by region, with
 * exemptions and VAT IDs) in a live store.
 */
const RULES: readonly (readonly [country: string, taxType: string, ratePercent: number])[] = [
  ['US', 'Sales tax', 0],
  ['CA', 'Sales tax', 0],
  ['GB', 'VAT', 20],
  ['DE', 'VAT', 19],
  ['FR', 'VAT', 20],
  ['AT', 'VAT', 20],
  ['BE', 'VAT', 21],
  ['NL', 'VAT', 21],
  ['ES', 'VAT', 21],
  ['IT', 'VAT', 22],
  ['IE', 'VAT', 23],
  ['PL', 'VAT', 23],
  ['DK', 'VAT', 25],
  ['SE', 'VAT', 25],
  ['FI', 'VAT', 25.5],
  ['NO', 'VAT', 25],
  ['CH', 'VAT', 8.1],
  ['AU', 'GST', 10],
  ['JP', 'Consumption tax', 10],
];

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const nameOf = (country: string) => {
  try {
    return countryNames.of(country) ?? country;
  } catch {
    return country;
  }
};

/** The countries the popup's list offers, by name, each with its rule. */
export const sandboxTaxRules: readonly TaxRule[] = RULES.map(([country, taxType, ratePercent]) => ({
  country,
  countryName: nameOf(country),
  taxType,
  ratePercent,
})).sort((a, b) => a.countryName.localeCompare(b.countryName));

/**
 * The rule for a buyer's country (two letters, any case). A country without a rule, or none known yet (the site's
 * cart before the popup asks), pays the store's rate and kind from the settings (`tax_rate`, `tax_type`).
 */
export function taxRuleFor(country: string | undefined, settings: CheckoutSettings): TaxRule {
  const code = country?.trim().toUpperCase() ?? '';
  const rule = sandboxTaxRules.find((candidate) => candidate.country === code);
  if (rule) return rule;
  return { country: code, countryName: code === '' ? '' : nameOf(code), taxType: settings.taxType, ratePercent: settings.taxRatePercent };
}

/** The tax on a net amount, rounded to the cent: the one formula of the popup, the data callback and the webhook. */
export const taxOf = (netCents: number, ratePercent: number): number => Math.round((netCents * ratePercent) / 100);
