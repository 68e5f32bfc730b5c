/** A licence's key files, as the customer area and the mails have them. */
export type LicenceKeyFiles = { useRsa2048: boolean; serialNew: string; serial2048: string };

/**
 * The key file of the current releases ("Download Actual Key", spec §4): the 2048-bit file when the product uses
 * RSA 2048, else serialNew. A licence issued before its product had a 2048-bit pair has no 2048-bit file; it gets
 * serialNew, as its registered computers do, instead of an empty file (decision 005). The customer area and every
 * licence mail choose by this one rule.
 */
export const actualKeyOf = (licence: LicenceKeyFiles): string =>
  licence.useRsa2048 && licence.serial2048 !== '' ? licence.serial2048 : licence.serialNew;
