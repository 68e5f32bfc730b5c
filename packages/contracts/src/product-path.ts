import { LICENSE_TRANSFER_PRODUCT } from './constants.js';

// A product's FastSpring path (decision 026): the id the store sells it under, which the checkout pushes and the
// order webhook names. FastSpring's rule (docs/fastspring.md): lower-case letters, digits and dashes, more than two
// characters; `licensetransfer` is the paid licence transfer's own item, never a product's. No zod here: the
// content page's first bundle uses these functions and carries no zod (decision 006); the field is in product.ts.

export const PRODUCT_PATH_PATTERN = /^[a-z0-9-]{3,255}$/;
export const productPathMessages = {
  invalid: 'FastSpring path: lower-case letters, digits and dashes, at least 3 characters',
  reserved: `FastSpring path: ${LICENSE_TRANSFER_PRODUCT} is reserved for the licence transfer`,
} as const;

/** Whether a path may be a product's (the database's CHECK on `product.path` says the same). */
export const isValidProductPath = (path: string): boolean => PRODUCT_PATH_PATTERN.test(path) && path !== LICENSE_TRANSFER_PRODUCT;

/**
 * The path a product name suggests: ASCII letters and digits in lower case, every run of other characters one
 * dash, no dash at either end, at most 200 characters ("Space Echo" → `space-echo`, "Spacey" → `spacey`).
 * Migration 062 derived the paths of existing products the same way. The result may still be too short, reserved
 * or taken: see `productPathWithId`.
 */
export const productPathOfName = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9]+/g, '-')
    .slice(0, 200)
    .replace(/^-+|-+$/g, '')
    .toLowerCase();

/** A derived path made unique and long enough with the product's id (`eq-12`; `product-12` for a name with no letters). */
export const productPathWithId = (path: string, id: number): string => `${path || 'product'}-${id}`;

/** A path received from the provider (an order item, a return line) or named by a page, as it is compared: in lower case. */
export const normalizeProductPath = (path: string): string => path.trim().toLowerCase();
