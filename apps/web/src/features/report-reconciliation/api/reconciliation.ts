import type { ListResult } from '@ullage/contracts/list';
import type { ReconciliationRow } from '@ullage/contracts/reconciliation';
import { downloadFile } from '../../../components/list-page/download';
import type { ListParams } from '../../../components/list-page/list-query';
import { apiData } from '../../../lib/api-client';

export const reconciliationKeys = {
  list: ['reconciliation', 'list'] as const,
  chart: (query: Record<string, string | number>) => ['reconciliation', 'chart', query] as const,
  monthly: (query: Record<string, string | number>) => ['reconciliation', 'monthly', query] as const,
};

/** GET /api/reconciliation/list: one page of tank (group) days or shifts, gross and compensated figures, in the caller's scope. */
export function listReconciliation(query: ListParams, signal?: AbortSignal): Promise<ListResult<ReconciliationRow>> {
  return apiData<ListResult<ReconciliationRow>>('/api/reconciliation/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}

/** GET /api/reconciliation/export: the filtered periods as .xlsx, in the interface language and the companies' units. */
export function exportReconciliation(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/reconciliation/export', query, fallbackName);
}
