import { describe, expect, it } from 'vitest';
import { productPageUrl } from './constants.js';

describe('productPageUrl', () => {
  it('is the product name in lower case, its spaces as dashes (page URLs hold none: decision 036)', () => {
    expect(productPageUrl('Spacey')).toBe('/products/spacey');
    expect(productPageUrl('Spacey 2')).toBe('/products/spacey-2');
    expect(productPageUrl(' Big  Verb ')).toBe('/products/big-verb');
  });
});
