import type { ShiftSalesList } from '@ullage/contracts/shift-sales';
import { downloadFile } from '../../../components/list-page/download';
import type { ListParams } from '../../../components/list-page/list-query';
import { apiData } from '../../../lib/api-client';

/** GET /api/report/shift-sales/list: one page of shifts (each with its tanks) and the totals of all that match. */
export function listShiftSales(query: ListParams, signal?: AbortSignal): Promise<ShiftSalesList> {
  return apiData<ShiftSalesList>('/api/report/shift-sales/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}

/** GET /api/report/shift-sales/export: tank lines, shift totals and product totals as .xlsx. */
export function exportShiftSales(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/report/shift-sales/export', query, fallbackName);
}
