const MAX_SHORT_NAME_LENGTH = 60;

/**
 * The activation page's title (spec §2): "Activate", the product's short name, then "Product". The short name
 * comes from the link a retailer hands out (`/activate?product=Spacey`); without one the title is
 * "Activate Product".
 */
export function activationTitle(productShortName: string | null): string {
  const name = (productShortName ?? '').trim().slice(0, MAX_SHORT_NAME_LENGTH);
  return name ? `Activate ${name} Product` : 'Activate Product';
}
