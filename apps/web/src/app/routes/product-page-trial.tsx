import { lazy, Suspense } from 'react';

// Loaded with the first product page, so the home page's JavaScript does not grow with it (nor carry zod).
const TrialDownloadsSection = lazy(async () => ({
  default: (await import('../../features/downloads/components/trial-downloads-section')).TrialDownloadsSection,
}));

/** A product page's path (DESIGN §9: /products/{name in lower case}, normalized by the content page). */
const PRODUCT_PAGE = /^\/products\/([^/]+)$/;

const productNameOf = (path: string): string | undefined => {
  const segment = PRODUCT_PAGE.exec(path)?.[1];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/**
 * What follows a content page's HTML: on a product page, its installers for everyone and how the trial starts
 * (decision 035); elsewhere nothing. The content page renders it inside the page.
 */
export function renderProductPageTrial(path: string) {
  const productName = productNameOf(path);
  if (productName === undefined) return null;
  return (
    <Suspense fallback={null}>
      <TrialDownloadsSection key={productName} productName={productName} />
    </Suspense>
  );
}
