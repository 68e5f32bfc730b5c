import type { Page } from '@store/contracts/page';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { normalizeContentPath, readInitialData } from '../../../lib/initial-data';
import { queryKeys } from '../../../lib/query-keys';
import { loadPageContract } from './page-contract';

/** GET /page/byUrl/{url}, slashes replaced with "*". */
export async function getPageByUrl(path: string, signal?: AbortSignal): Promise<Page> {
  const contract = await loadPageContract();
  return apiRequest('GET', `/page/byUrl/${contract.encodePageUrl(path)}`, { schema: contract.page, signal });
}

/**
 * The server's initial data serves the first location only: once the app has shown another path, every
 * visit fetches (a change of URL triggers a new fetch).
 */
let isInitialDataUsable = true;
const takeInitialPage = (path: string): { page: Page | null } | undefined => {
  if (!isInitialDataUsable) return undefined;
  const initial = readInitialData();
  if (initial && normalizeContentPath(initial.path) === path) return { page: initial.page };
  isInitialDataUsable = false;
  return undefined;
};

/** Makes the initial data usable again, as on a fresh load of the document: each test renders as a first visit. */
export const resetInitialPageUse = (): void => {
  isInitialDataUsable = true;
};

/** Why a page cannot be shown: it does not exist (a 4xx or non-JSON answer), or loading it failed. */
export type PageFailure = 'not-found' | 'load-failed';

const failureOf = (error: unknown): PageFailure => {
  const isServerOrNetwork = error instanceof ApiError && (error.kind === 'network' || error.status >= 500);
  return isServerOrNetwork ? 'load-failed' : 'not-found';
};

export type ContentPageState = { page: Page | undefined; isHidden: boolean; failure: PageFailure | undefined };

/** The content page at `pathname`: from the initial data on first load, otherwise fetched. */
export function useContentPage(pathname: string): ContentPageState {
  const path = normalizeContentPath(pathname);
  const initial = takeInitialPage(path);
  const query = useQuery({
    queryKey: queryKeys.pages.byUrl(path),
    // Sent as written; the server compares URLs case-insensitively.
    queryFn: ({ signal }) => getPageByUrl(pathname, signal),
    initialData: initial?.page ?? undefined,
    enabled: initial === undefined || initial.page !== null,
    staleTime: Infinity,
    // Nothing is kept once the page is left: coming back fetches it again.
    gcTime: 0,
    // The previous page stays in place, hidden, until the new one arrives, so the layout does not collapse.
    placeholderData: keepPreviousData,
  });
  if (initial && initial.page === null) return { page: undefined, isHidden: true, failure: 'not-found' };
  return {
    page: query.data,
    isHidden: query.data === undefined || query.isPlaceholderData,
    failure: query.isError ? failureOf(query.error) : undefined,
  };
}
