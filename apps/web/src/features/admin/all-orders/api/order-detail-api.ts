import { orderDetail } from '@store/contracts/order-detail';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { queryKeys } from '../../../../lib/query-keys';
import { logLoadError } from '../../shared/log-load-error';

/** GET /admin/orders/{id}: one order with its purchase, licences, refunds, transfers and webhook events (decision 060). */
export const useOrderDetail = (id: number) =>
  useQuery({
    queryKey: queryKeys.admin.orderDetail(id),
    queryFn: ({ signal }) =>
      logLoadError('the order', apiRequest('GET', `/admin/orders/${id}`, { schema: orderDetail, auth: true, signal })),
    enabled: Number.isInteger(id) && id > 0,
  });
