/** What a change of the page table touched: URLs (lower case) and whether the menu changed. */
export type PageChange = { urls: string[]; isMenuChanged: boolean };

/**
 * A change as migration 070's `page_change` states it, `{"urls": [...], "menu": true|false}`: the text of a
 * `page_changed` notification, or the value the statement that made the change answers. Undefined for anything
 * else (an empty or unreadable payload: the caches then forget everything).
 */
export function readPageChange(value: unknown): PageChange | undefined {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const { urls, menu } = (parsed ?? {}) as { urls?: unknown; menu?: unknown };
  if (!Array.isArray(urls) || typeof menu !== 'boolean') return undefined;
  return { urls: urls.filter((url): url is string => typeof url === 'string'), isMenuChanged: menu };
}
