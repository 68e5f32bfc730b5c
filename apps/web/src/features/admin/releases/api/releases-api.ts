import type { ReleaseChannel } from '@store/contracts/download';
import {
  adminReleaseList,
  publishedRelease,
  type publishReleaseRequest,
  releaseRecipientCount,
  type PublishReleaseRequest,
} from '@store/contracts/release';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import type { z } from 'zod';
import { logLoadError } from '../../shared/log-load-error';

/** A release as the publish form validated it, awaiting confirmation. */
export type ReleaseToPublish = z.output<typeof publishReleaseRequest>;

/** GET /product/{id}/releases: the product's releases, newest first, with their mail's progress. */
export const useReleases = (productId: number) =>
  useQuery({
    queryKey: queryKeys.admin.products.releases(productId),
    queryFn: ({ signal }) =>
      logLoadError('releases', apiRequest('GET', `/product/${productId}/releases`, { schema: adminReleaseList, auth: true, signal })),
  });

/** GET /product/{id}/releases/recipients: how many owners a release on the channel would mail, asked when confirming. */
export const useReleaseRecipients = (productId: number, channel: ReleaseChannel, isWanted: boolean) =>
  useQuery({
    queryKey: queryKeys.admin.products.releaseRecipients(productId, channel),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/product/${productId}/releases/recipients?channel=${channel}`, {
        schema: releaseRecipientCount,
        auth: true,
        signal,
      }),
    enabled: isWanted,
    // The count is what the confirmation promises: asked afresh each time it opens.
    staleTime: 0,
  });

/** POST /product/{id}/releases: publishes a version whose installers are saved, mailing the owners when asked. */
export const usePublishReleaseMutation = (productId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishReleaseRequest | ReleaseToPublish) =>
      apiRequest('POST', `/product/${productId}/releases`, { body, schema: publishedRelease, auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.products.releases(productId) }),
  });
};
