import { messages } from '@store/contracts/messages';
import type { MenuItem } from '@store/contracts/page';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { readInitialData } from '../../../lib/initial-data';
import { getCurrentUser } from '../../../lib/session';
import { queryKeys } from '../../../lib/query-keys';
import { useCurrentUser } from '../../../lib/use-current-user';
import { loadPageContract } from './page-contract';

/** GET /page/menuitems; a failure is logged (spec §8) and the menu stays empty. */
export async function getMenuItems(signal?: AbortSignal): Promise<MenuItem[]> {
  try {
    return await apiRequest('GET', '/page/menuitems', {
      schema: () => loadPageContract().then((contract) => contract.menuItems),
      signal,
    });
  } catch (error) {
    const isCancelled = error instanceof DOMException && error.name === 'AbortError';
    if (!isCancelled) console.error(messages.menuFetchFailed);
    throw error;
  }
}

const startupUserName = getCurrentUser()?.name ?? null;
let isInitialMenuUsable = true;

/**
 * The server's menu entries. The first load takes them from the initial data; they are fetched again whenever
 * the current user changes (spec §4).
 */
export function useMenuItems(): MenuItem[] {
  const userName = useCurrentUser()?.name ?? null;
  if (userName !== startupUserName) isInitialMenuUsable = false;
  const initialMenu = isInitialMenuUsable ? readInitialData()?.menu : undefined;
  const query = useQuery({
    queryKey: queryKeys.menu.items(userName),
    queryFn: ({ signal }) => getMenuItems(signal),
    initialData: initialMenu,
    staleTime: Infinity,
    gcTime: 0,
  });
  return query.data ?? [];
}
