import { useQuery } from '@tanstack/react-query';
import type { HistoryList, HistorySeries } from '@ullage/contracts/history';
import { downloadFile } from '../../../components/list-page/download';
import type { ListParams } from '../../../components/list-page/list-query';
import { apiData } from '../../../lib/api-client';
import type { HistoryAsk } from '../history-form-state';

export const historyKeys = {
  list: ['report-history', 'list'] as const,
  series: (ask: HistoryAsk | null) => ['report-history', 'series', ask] as const,
};

/** GET /api/report/history/list: a page of one tank's readings over the asked range. */
export function listHistory(query: ListParams, signal?: AbortSignal): Promise<HistoryList> {
  return apiData<HistoryList>('/api/report/history/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}

/** GET /api/report/history/series: the trend chart's columns (at most 2,000 points per series). */
export function useHistorySeries(ask: HistoryAsk | null) {
  return useQuery({
    queryKey: historyKeys.series(ask),
    queryFn: ({ signal }) => apiData<HistorySeries>('/api/report/history/series', { query: { ...ask }, overlay: false, signal }),
    enabled: ask !== null,
    staleTime: 30_000,
  });
}

/** GET /api/report/history/export: the range's readings as .xlsx, in the interface language. */
export function exportHistory(ask: HistoryAsk, fallbackName: string): Promise<void> {
  return downloadFile('/api/report/history/export', { ...ask }, fallbackName);
}
