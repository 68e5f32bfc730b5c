import {
  downloadLink,
  ownedProductDownloads,
  publicProductDownloads,
  type DownloadLink,
  type OwnedProductDownloads,
  type PublicProductDownloads,
} from '@store/contracts/download';
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

/** GET /downloads/byProduct/{productName} (no login): the product's public installers, the trial builds. */
export const getPublicDownloads = (productName: string, signal?: AbortSignal): Promise<PublicProductDownloads> =>
  apiRequest('GET', `/downloads/byProduct/${encodeURIComponent(productName)}`, { schema: publicProductDownloads, signal });

export const usePublicDownloads = (productName: string) =>
  useQuery({ queryKey: queryKeys.downloads.publicOf(productName), queryFn: ({ signal }) => getPublicDownloads(productName, signal) });

/** GET /downloads/{id} (no login, so no token even for a signed-in visitor): a public installer's link. */
export const getPublicDownloadLink = (id: number): Promise<DownloadLink> => apiRequest('GET', `/downloads/${id}`, { schema: downloadLink });

/**
 * Asks for an installer's link (the owner's call or the public one) and starts the download: the browser fetches
 * the file straight from where it is kept.
 */
export const useStartDownloadMutation = (getLink: (id: number) => Promise<DownloadLink>) =>
  useMutation({
    mutationFn: getLink,
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
