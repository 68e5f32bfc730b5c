import { describe, expect, it } from 'vitest';
import { isValidProductPath, normalizeProductPath, productPathOfName, productPathWithId } from './product-path.js';
import { productSaveRequest } from './product.js';

describe('productPathOfName', () => {
  it('keeps the path the demo products sold under: the one-word name in lower case', () => {
    expect(['Spacey', 'Punch', 'Tapewarm'].map(productPathOfName)).toEqual(['spacey', 'punch', 'tapewarm']);
  });

  it('turns every run of other characters into one dash, with none at either end', () => {
    expect(productPathOfName('Space Echo')).toBe('space-echo');
    expect(productPathOfName('  Space -- Echo!! ')).toBe('space-echo');
    expect(productPathOfName('EQ_8 (v2.1)')).toBe('eq-8-v2-1');
    expect(productPathOfName('Über Delay')).toBe('ber-delay');
    expect(productPathOfName('★')).toBe('');
  });

  it('lower-cases ASCII letters only, so it matches migration 062 whatever the database locale', () => {
    // U+212A KELVIN SIGN lower-cases to "k" in JavaScript; it is not an ASCII letter, so it becomes a dash.
    expect(productPathOfName('\u212Aeys Pro')).toBe('eys-pro');
    expect(productPathOfName('İstanbul Echo')).toBe('stanbul-echo');
  });

  it('caps a long name at 200 characters', () => {
    const path = productPathOfName(`${'a'.repeat(199)} b${'c'.repeat(50)}`);
    expect(path).toBe('a'.repeat(199));
    expect(isValidProductPath(path)).toBe(true);
  });
});

describe('productPathWithId', () => {
  it('appends the id, and names a product whose name gave no path', () => {
    expect(productPathWithId('eq', 12)).toBe('eq-12');
    expect(productPathWithId('', 5)).toBe('product-5');
    expect(isValidProductPath(productPathWithId('', 5))).toBe(true);
  });
});

describe('isValidProductPath and the save request', () => {
  it("accepts FastSpring's product paths and refuses the rest and the licence transfer's", () => {
    for (const path of ['spacey', 'space-echo', 'eq-8', '123']) expect(isValidProductPath(path), path).toBe(true);
    for (const path of ['se', 'Space-Echo', 'space echo', 'space_echo', 'x'.repeat(256), 'licensetransfer']) {
      expect(isValidProductPath(path), path).toBe(false);
    }
  });

  it('leaves the path out when the request has none and says what a path may hold', () => {
    const base = { id: 0, name: 'Space Echo', description: 'Echo' };
    expect(productSaveRequest.parse(base).path).toBeUndefined();
    expect(productSaveRequest.parse({ ...base, path: ' space-echo ' }).path).toBe('space-echo');
    expect(productSaveRequest.safeParse({ ...base, path: 'Space Echo' }).error?.issues[0]?.message).toBe(
      'FastSpring path: lower-case letters, digits and dashes, at least 3 characters',
    );
    expect(productSaveRequest.safeParse({ ...base, path: 'licensetransfer' }).error?.issues[0]?.message).toBe(
      'FastSpring path: licensetransfer is reserved for the licence transfer',
    );
  });
});

describe('normalizeProductPath', () => {
  it('compares a path FastSpring sends in lower case, trimmed', () => {
    expect(normalizeProductPath(' Space-Echo ')).toBe('space-echo');
  });
});
