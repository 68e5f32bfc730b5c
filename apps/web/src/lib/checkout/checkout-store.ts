import type { CatalogueItem, CheckoutCart } from '@store/contracts/checkout';
import { useSyncExternalStore } from 'react';

/** A failure the checkout script reported through its error callback; `sequence` counts them. */
export type CheckoutError = { sequence: number; status: number; text: string };

/**
 * Everything the shop knows from the checkout script's data callback (spec §3): the catalogue (all items, for
 * the price placeholders) and the cart (the items marked `selected`, with the totals). One store for both, kept
 * outside React: the callback can fire before any component mounts, and the cart button remounts.
 */
export type CheckoutState = {
  /** The last data callback's object; null until the script has answered once. */
  data: CheckoutCart | null;
  /** Every catalogue item, once per path. */
  catalogue: CatalogueItem[];
  /** The items in the cart. */
  cartItems: CatalogueItem[];
  /** The script's last reported failure, if any. */
  error: CheckoutError | null;
};

const listeners = new Set<() => void>();
let state: CheckoutState = { data: null, catalogue: [], cartItems: [], error: null };

const setState = (next: CheckoutState) => {
  state = next;
  for (const listener of listeners) listener();
};

/** The current state; the same object until something changes (for useSyncExternalStore). */
export const getCheckoutState = (): CheckoutState => state;

/** How many failures the script has reported so far: a screen shows only those after its own mark. */
export const countCheckoutErrors = (): number => state.error?.sequence ?? 0;

/** Calls `listener` on every change; answers the unsubscribe function. */
export function subscribeToCheckout(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The checkout state in a component, re-rendering on every change. */
export function useCheckoutState(): CheckoutState {
  return useSyncExternalStore(subscribeToCheckout, getCheckoutState, getCheckoutState);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A number, or a numeric string (the script's fields are read defensively: docs/fastspring-protocol.md §1.4 "UNCONFIRMED"). */
const numberOf = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};
const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function toCatalogueItem(raw: unknown): CatalogueItem | null {
  if (!isRecord(raw) || typeof raw.path !== 'string' || raw.path === '') return null;
  const price = numberOf(raw.priceValueWithoutTax) ?? numberOf(raw.priceValue) ?? 0;
  return {
    path: raw.path,
    display: textOf(raw.display) ?? raw.path,
    selected: raw.selected === true,
    quantity: numberOf(raw.quantity),
    priceValueWithoutTax: price,
    priceValueWithoutTaxAndDiscounts: numberOf(raw.priceValueWithoutTaxAndDiscounts) ?? price,
    discountPercentValue: numberOf(raw.discountPercentValue) ?? 0,
  };
}

/**
 * Reads the data callback's object into the cart shape of the contracts (the callback's payload is a third
 * party's and is checked by hand, which keeps the zod runtime out of a visitor's first page).
 */
export function toCheckoutCart(raw: unknown): CheckoutCart | null {
  if (!isRecord(raw)) return null;
  const groups = Array.isArray(raw.groups) ? raw.groups : [];
  const items = groups.flatMap((group) => (isRecord(group) && Array.isArray(group.items) ? (group.items as unknown[]) : []));
  return {
    currency: textOf(raw.currency) ?? '',
    groups: [{ items: items.map(toCatalogueItem).filter((item) => item !== null) }],
    taxValue: numberOf(raw.taxValue),
    taxRate: textOf(raw.taxRate) ?? (numberOf(raw.taxRate) === undefined ? undefined : `${numberOf(raw.taxRate)}%`),
    taxType: textOf(raw.taxType),
    totalValue: numberOf(raw.totalValue),
    totalWithTaxValue: numberOf(raw.totalWithTaxValue),
    coupons: Array.isArray(raw.coupons) ? raw.coupons.filter((code) => typeof code === 'string') : [],
  };
}

const uniqueByPath = (items: CatalogueItem[]): CatalogueItem[] => {
  const byPath = new Map<string, CatalogueItem>();
  for (const item of items) {
    const key = item.path.toLowerCase();
    // A product listed in several groups is in the cart when any of its entries is selected.
    if (!byPath.has(key) || item.selected) byPath.set(key, item);
  }
  return [...byPath.values()];
};

/** The data callback's target: replaces catalogue and cart with the script's latest answer. */
export function receiveCheckoutData(raw: unknown): void {
  const data = toCheckoutCart(raw);
  if (!data) return;
  const catalogue = uniqueByPath(data.groups.flatMap((group) => group.items));
  setState({ ...state, data, catalogue, cartItems: catalogue.filter((item) => item.selected) });
}

/** The error callback's target: `(statusCode, responseText)` of a failed checkout request. */
export function receiveCheckoutError(status: unknown, text: unknown): void {
  const sequence = (state.error?.sequence ?? 0) + 1;
  setState({
    ...state,
    error: { sequence, status: numberOf(status) ?? 0, text: textOf(text) ?? (typeof text === 'number' ? String(text) : '') },
  });
}

/** The catalogue item of a product path (compared case-insensitively), if the catalogue has it. */
export const findCatalogueItem = (catalogue: CatalogueItem[], path: string): CatalogueItem | undefined => {
  const key = path.trim().toLowerCase();
  return catalogue.find((item) => item.path.toLowerCase() === key);
};
