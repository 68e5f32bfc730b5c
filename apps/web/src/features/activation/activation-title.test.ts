import { describe, expect, it } from 'vitest';
import { activationTitle } from './activation-title';

describe('activation page title', () => {
  it('puts the product short name between "Activate" and "Product"', () => {
    expect(activationTitle('Spacey')).toBe('Activate Spacey Product');
  });

  it('is "Activate Product" without a product', () => {
    expect(activationTitle(null)).toBe('Activate Product');
    expect(activationTitle('   ')).toBe('Activate Product');
  });
});
