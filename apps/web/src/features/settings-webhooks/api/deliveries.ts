import { useQuery } from '@tanstack/react-query';
import type { ListResult } from '@ullage/contracts/list';
import type { WebhookDeliveryRow } from '@ullage/contracts/webhooks';
import { apiData } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation';
import { webhookKeys } from './endpoints';

const deliveriesKey = (endpointId: number) => [...webhookKeys.all, 'deliveries', endpointId] as const;

/** GET /api/webhooks/:id/deliveries: newest first, a page at a time; polled while open (a test event lands in seconds). */
export function useDeliveries(endpointId: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...deliveriesKey(endpointId ?? 0), page, pageSize],
    enabled: endpointId !== null,
    refetchInterval: 3_000,
    queryFn: ({ signal }) => apiData<ListResult<WebhookDeliveryRow>>(`/api/webhooks/${endpointId}/deliveries`, { query: { page, pageSize }, overlay: false, signal }),
  });
}

/** POST /api/webhooks/:id/deliveries/:deliveryId/redeliver: sent again from its first attempt. */
export function useRedeliver() {
  return useInvalidatingMutation(({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) => apiData(`/api/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`, { method: 'POST' }), webhookKeys.all);
}
