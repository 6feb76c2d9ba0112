import type { DailyInventoryList, MonthlyInventoryList } from '@ullage/contracts/inventory-report';
import { downloadFile } from '../../../components/list-page/download';
import type { ListParams } from '../../../components/list-page/list-query';
import { apiData } from '../../../lib/api-client';

export const inventoryKeys = {
  daily: ['report-inventory', 'daily'] as const,
  monthly: ['report-inventory', 'monthly'] as const,
};

/** GET /api/report/inventory/daily/list: one page of tank days in the caller's scope, with the abnormal count. */
export function listDailyInventory(query: ListParams, signal?: AbortSignal): Promise<DailyInventoryList> {
  return apiData<DailyInventoryList>('/api/report/inventory/daily/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}

/** GET /api/report/inventory/daily/export: the filtered tank days as .xlsx, in the interface language. */
export function exportDailyInventory(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/report/inventory/daily/export', query, fallbackName);
}

/** GET /api/report/inventory/monthly/list: one page of tank months. */
export function listMonthlyInventory(query: ListParams, signal?: AbortSignal): Promise<MonthlyInventoryList> {
  return apiData<MonthlyInventoryList>('/api/report/inventory/monthly/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}

/** GET /api/report/inventory/monthly/export */
export function exportMonthlyInventory(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/report/inventory/monthly/export', query, fallbackName);
}
