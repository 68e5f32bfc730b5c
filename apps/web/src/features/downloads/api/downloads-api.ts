import { downloadLink, ownedProductDownloads, type DownloadLink, type OwnedProductDownloads } from '@store/contracts/download';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /userinfo/downloads (bearer token): the installers of the products the caller owns. */
export const getOwnedDownloads = (signal?: AbortSignal): Promise<OwnedProductDownloads> =>
  apiRequest('GET', '/userinfo/downloads', { schema: ownedProductDownloads, auth: true, signal });

export const useOwnedDownloads = (userName: string) =>
  useQuery({ queryKey: queryKeys.downloads.owned(userName), queryFn: ({ signal }) => getOwnedDownloads(signal) });

/** GET /userinfo/downloads/{id} (bearer token): a fresh link to one installer (presigned links expire). */
export const getDownloadLink = (id: number): Promise<DownloadLink> =>
  apiRequest('GET', `/userinfo/downloads/${id}`, { schema: downloadLink, auth: true });

/** Asks for the link and starts the download: the browser fetches the file straight from where it is kept. */
export const useStartDownloadMutation = () =>
  useMutation({
    mutationFn: getDownloadLink,
    onSuccess: (link) => {
      const anchor = document.createElement('a');
      anchor.href = link.url;
      anchor.download = link.fileName;
      anchor.rel = 'noopener';
      anchor.style.display = 'none';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    },
  });
