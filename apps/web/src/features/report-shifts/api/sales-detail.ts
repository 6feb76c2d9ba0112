import { useQuery } from '@tanstack/react-query';
import type { ListResult } from '@ullage/contracts/list';
import type { SalesDetail, SalesReadingRow } from '@ullage/contracts/shift-sales';
import { downloadFile } from '../../../components/list-page/download';
import type { ListParams } from '../../../components/list-page/list-query';
import { apiData } from '../../../lib/api-client';
import type { FigureKey } from '../shift-filters-state';
import { shiftKeys } from './keys';

const queryOf = (key: FigureKey) => ({ stationId: key.stationId, tankId: key.tankId, day: key.day, shift: key.shift });

/** GET /api/report/shift-sales/detail: one figure with its start and end readings and the deliveries counted. */
export function useSalesDetail(key: FigureKey | null) {
  return useQuery({
    queryKey: [...shiftKeys.detail, key],
    queryFn: ({ signal }) => apiData<SalesDetail>('/api/report/shift-sales/detail', { query: queryOf(key!), overlay: false, signal }),
    enabled: key !== null,
  });
}

/** GET /api/report/shift-sales/readings: a page of the shift's readings with their volume changes. */
export function listSalesReadings(key: FigureKey, query: ListParams, signal?: AbortSignal): Promise<ListResult<SalesReadingRow>> {
  return apiData<ListResult<SalesReadingRow>>('/api/report/shift-sales/readings', { query: { ...query, ...queryOf(key) }, overlay: false, ...(signal ? { signal } : {}) });
}

/** GET /api/report/shift-sales/detail/export: summary, deliveries and readings as .xlsx. */
export function exportSalesDetail(key: FigureKey, fallbackName: string): Promise<void> {
  return downloadFile('/api/report/shift-sales/detail/export', queryOf(key), fallbackName);
}
