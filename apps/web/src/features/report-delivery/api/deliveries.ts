import type { DeliveryRow, DeliveryTotals } from '@ullage/contracts/delivery-report';
import type { ListResult } from '@ullage/contracts/list';
import { downloadFile } from '../../../components/list-page/download';
import type { ListParams } from '../../../components/list-page/list-query';
import { apiData } from '../../../lib/api-client';

export const deliveryKeys = { list: ['report-delivery', 'list'] as const };

export type DeliveryList = ListResult<DeliveryRow> & { totals: DeliveryTotals };

/** GET /api/report/delivery/list: one page of deliveries in the caller's scope, with totals. */
export function listDeliveries(query: ListParams, signal?: AbortSignal): Promise<DeliveryList> {
  return apiData<DeliveryList>('/api/report/delivery/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}

/** GET /api/report/delivery/export: the filtered deliveries as .xlsx, in the interface language. */
export function exportDeliveries(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/report/delivery/export', query, fallbackName);
}
