import { okResponse } from '@store/contracts/auth';
import { offer, offerList, type Offer, type OfferSaveRequest } from '@store/contracts/offer';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

/** GET /offer/: every upgrade path and crossgrade, with the licences sold through each (decision 036). */
export const getOffers = (signal?: AbortSignal): Promise<Offer[]> =>
  apiRequest('GET', '/offer/', { schema: offerList, auth: true, signal });

export const useOffers = () =>
  useQuery({ queryKey: queryKeys.admin.offers, queryFn: ({ signal }) => logLoadError('offers', getOffers(signal)) });

/** POST /offer/: creates (id 0) or updates. */
export const saveOffer = (body: OfferSaveRequest): Promise<Offer> => apiRequest('POST', '/offer/', { body, schema: offer, auth: true });

export const useSaveOfferMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveOffer, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.offers }) });
};

/** DELETE /offer/{id}: licences bought through it keep their history. */
export const deleteOffer = (id: number) => apiRequest('DELETE', `/offer/${id}`, { schema: okResponse, auth: true });

export const useDeleteOfferMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteOffer, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.offers }) });
};
