import type { LeakTestRow } from '@ullage/contracts/leak-test';
import type { ListResult } from '@ullage/contracts/list';
import { downloadFile } from '../components/list-page/download';
import type { ListParams } from '../components/list-page/list-query';
import { apiData } from './api-client';

export const leakTestKeys = {
  list: ['leak-test', 'list'] as const,
  periods: (tankId: number, day: string) => ['leak-test', 'periods', tankId, day] as const,
  compliance: (stationId: number, month: string | undefined) => ['leak-test', 'compliance', stationId, month] as const,
};

/** GET /api/leak-test/list: one page of tank days' leak tests in the caller's scope. */
export function listLeakTests(query: ListParams, signal?: AbortSignal): Promise<ListResult<LeakTestRow>> {
  return apiData<ListResult<LeakTestRow>>('/api/leak-test/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}

/** GET /api/leak-test/export: the filtered tests as .xlsx, in the interface language and the companies' units. */
export function exportLeakTests(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/leak-test/export', query, fallbackName);
}
