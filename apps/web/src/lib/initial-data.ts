import type { InitialData, MenuItem, Page } from '@store/contracts/page';

const ELEMENT_ID = 'initial-data';
let cached: InitialData | null | undefined;

type Shape = Record<string, unknown>;
const isObject = (value: unknown): value is Shape => typeof value === 'object' && value !== null;
const isMenuItem = (value: unknown): value is MenuItem =>
  isObject(value) && typeof value.name === 'string' && typeof value.url === 'string';
const isPage = (value: unknown): value is Page =>
  isObject(value) &&
  typeof value.id === 'number' &&
  typeof value.name === 'string' &&
  typeof value.url === 'string' &&
  typeof value.htmlText === 'string';

/**
 * The contracts' `initialData` shape, checked by hand: the first page a visitor opens loads no zod runtime (the
 * bundle-size budget), and the server builds this block from that very type.
 */
const isInitialData = (value: unknown): value is InitialData =>
  isObject(value) &&
  (value.page === null || isPage(value.page)) &&
  Array.isArray(value.menu) &&
  value.menu.every(isMenuItem) &&
  typeof value.path === 'string';

/** The page, menu and path the server put into the HTML document (`#initial-data`), or null when absent. */
export function readInitialData(): InitialData | null {
  if (cached !== undefined) return cached;
  cached = null;
  const text = document.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return cached;
  try {
    const value: unknown = JSON.parse(text);
    if (isInitialData(value)) cached = value;
  } catch {
    // Malformed data: the app fetches what it needs instead.
  }
  return cached;
}

/** A path as content pages are keyed: no trailing slash, lower case ("/" stays "/"). */
export const normalizeContentPath = (pathname: string): string => {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
};
