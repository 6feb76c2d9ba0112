import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfflineListResult, ProcessOfflineInput } from '@ullage/contracts/offline-records';
import { downloadFile } from '../../../components/list-page/download';
import type { ListParams } from '../../../components/list-page/list-query';
import { apiData } from '../../../lib/api-client';

const ROOT = ['report-offline'] as const;
export const offlineKeys = { list: [...ROOT, 'list'] as const };

/** GET /api/report/offline/list: one page of offline records in the caller's scope, and whether the caller may process them. */
export function listOfflineRecords(query: ListParams, signal?: AbortSignal): Promise<OfflineListResult> {
  return apiData<OfflineListResult>('/api/report/offline/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}

/** GET /api/report/offline/export: the filtered records as .xlsx, in the interface language. */
export function exportOfflineRecords(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/report/offline/export', query, fallbackName);
}

/** POST /api/report/offline/process: handler, type and content for the records, all or none. */
export function useProcessOffline() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcessOfflineInput) => apiData<{ processed: number }>('/api/report/offline/process', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}
