import type { DeliveryRow, DeliveryTotals } from '@ullage/contracts/delivery-report';
import type { ListResult } from '@ullage/contracts/list';
import { apiData } from './api-client';
import { isOnline } from './online-status';

/**
 * The delivery list as the phone pages fetch it. Shared: the delivery drill-down pages
 * (features/mobile) and delivery_phone (features/report-delivery) read the same endpoint.
 */
export type DeliveryList = ListResult<DeliveryRow> & { totals: DeliveryTotals };

/** GET /api/report/delivery/list: the same endpoint, filters and figures as the desktop page. */
export function listDeliveries(query: Record<string, string | number>, signal?: AbortSignal): Promise<DeliveryList> {
  return apiData<DeliveryList>('/api/report/delivery/list', { query, overlay: false, notify: isOnline(), ...(signal ? { signal } : {}) });
}
