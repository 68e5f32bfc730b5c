import { okResponse } from '@store/contracts/auth';
import { newPageDefaults, page, pageList, type Page, type PageSaveRequest } from '@store/contracts/page';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

/** GET /page/: every content page. */
export const getPages = (signal?: AbortSignal): Promise<Page[]> => apiRequest('GET', '/page/', { schema: pageList, auth: true, signal });

export const usePages = () =>
  useQuery({ queryKey: queryKeys.admin.pages.list, queryFn: ({ signal }) => logLoadError('pages', getPages(signal)) });

/** GET /page/{id} */
export const getPage = (id: number, signal?: AbortSignal): Promise<Page> =>
  apiRequest('GET', `/page/${id}`, { schema: page, auth: true, signal });

export const usePage = (id: number, isEnabled = true) =>
  useQuery({
    queryKey: queryKeys.admin.pages.detail(id),
    queryFn: ({ signal }) => logLoadError('page', getPage(id, signal)),
    enabled: isEnabled,
  });

/** POST /page/: creates (id -1) or updates. */
export const savePage = (body: PageSaveRequest): Promise<Page> => apiRequest('POST', '/page/', { body, schema: page, auth: true });

/**
 * Saves a page. The navbar's menu and the visitors' cached pages reload at once, so the change shows on the site
 * without a reload of the app.
 */
export const useSavePageMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePage,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.admin.pages.detail(saved.id), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.pages.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.menu.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pages.all }),
      ]);
    },
  });
};

/** The page a new-page editor starts from: the defaults (§4) for the URL, created only when saved (decision 025). */
export const newPageOf = (url: string): Page => newPageDefaults(url);

/** DELETE /page/{id} */
export const deletePage = (id: number) => apiRequest('DELETE', `/page/${id}`, { schema: okResponse, auth: true });

/** Deletes a page, then reloads the list and the menu (§4). */
export const useDeletePageMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePage,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.pages.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.menu.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pages.all }),
      ]),
  });
};
