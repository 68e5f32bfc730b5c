import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A stub of fetch for the calling file's tests: in place during each test (Vitest puts the real one back after it,
 * `unstubGlobals` in vitest.config.ts), its answers and calls forgotten after each.
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => fetchMock.mockReset());
  return fetchMock;
}
