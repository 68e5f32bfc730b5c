import type { InitialData, MenuItem, Page } from '@store/contracts/page';

const ELEMENT_ID = 'initial-data';
let cached: InitialData | null | undefined;

type Shape = Record<string, unknown>;
const isObject = (value: unknown): value is Shape => typeof value === 'object' && value !== null;
const isMenuItem = (value: unknown): value is MenuItem =>
  isObject(value) && typeof value.name === 'string' && typeof value.url === 'string';
const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isPage = (value: unknown): value is Page =>
  isObject(value) &&
  isInteger(value.id) &&
  typeof value.name === 'string' &&
  typeof value.url === 'string' &&
  typeof value.htmlText === 'string' &&
  typeof value.date === 'string' &&
  typeof value.isMainMenu === 'boolean' &&
  isInteger(value.mainMenuPriority) &&
  (value.isPublished === undefined || typeof value.isPublished === 'boolean');

/**
 * The contracts' `initialData` schema, checked by hand: the first page a visitor opens loads no zod runtime (the
 * bundle-size budget). `initial-data.test.ts` holds it to the schema: it accepts and refuses what the schema does,
 * field by field of the schema's own shape.
 */
export const isInitialData = (value: unknown): value is InitialData =>
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
