import type { DataJumpRow } from '@ullage/contracts/data-jumps';
import type { ListResult } from '@ullage/contracts/list';
import { downloadFile } from '../../../components/list-page/download';
import type { ListParams } from '../../../components/list-page/list-query';
import { apiData } from '../../../lib/api-client';

export const dataJumpKeys = { list: ['report-jumps', 'list'] as const };

/** GET /api/report/jumps/list: one page of data jumps in the caller's scope. */
export function listDataJumps(query: ListParams, signal?: AbortSignal): Promise<ListResult<DataJumpRow>> {
  return apiData<ListResult<DataJumpRow>>('/api/report/jumps/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}

/** GET /api/report/jumps/export: the filtered jumps as .xlsx, in the interface language and the companies' units. */
export function exportDataJumps(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/report/jumps/export', query, fallbackName);
}
