import { useQuery } from '@tanstack/react-query';
import type { HistoryList, HistorySeries } from '@ullage/contracts/history';
import { downloadFile } from '../../../components/list-page/download';
import type { ListParams } from '../../../components/list-page/list-query';
import { apiData } from '../../../lib/api-client';
import type { HistoryAsk } from '../history-form-state';

export const historyKeys = {
  list: ['report-history', 'list'] as const,
  series: (ask: HistoryAsk | null) => ['report-history', 'series', ask] as const,
  trend: (ask: HistoryAsk | null, spanDays: number) => ['report-history', 'trend', ask, spanDays] as const,
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

/** The chart's longer spans (days), each ending where the asked range ends; 0 is the asked range itself. */
export const TREND_SPANS = [0, 90, 365, 730] as const;
export type TrendSpan = (typeof TREND_SPANS)[number];

/**
 * GET /api/report/history/trend: the same columns over `spanDays` up to the asked range's end,
 * read by the server from hourly and daily summaries (means of an hour or more).
 */
export function useHistoryTrend(ask: HistoryAsk | null, spanDays: TrendSpan) {
  return useQuery({
    queryKey: historyKeys.trend(ask, spanDays),
    queryFn: ({ signal }) =>
      apiData<HistorySeries>('/api/report/history/trend', {
        query: { ...ask, from: new Date(Date.parse(ask!.to) - spanDays * 86_400_000).toISOString() },
        overlay: false,
        signal,
      }),
    enabled: ask !== null && spanDays > 0,
    staleTime: 30_000,
  });
}

/** GET /api/report/history/export: the range's readings as .xlsx, in the interface language. */
export function exportHistory(ask: HistoryAsk, fallbackName: string): Promise<void> {
  return downloadFile('/api/report/history/export', { ...ask }, fallbackName);
}
