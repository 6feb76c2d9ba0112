import type { PowerEventList } from '@ullage/contracts/power-events';
import { downloadFile } from '../../../components/list-page/download';
import type { ListParams } from '../../../components/list-page/list-query';
import { apiData } from '../../../lib/api-client';

export const powerKeys = {
  list: ['report-power', 'list'] as const,
};

/** GET /api/report/power/list: a page of power-offs with the next power-on and the change per tank. */
export function listPowerEvents(query: ListParams, signal?: AbortSignal): Promise<PowerEventList> {
  return apiData<PowerEventList>('/api/report/power/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}

/** GET /api/report/power/export: the filtered records as .xlsx (one line per tank), in the interface language. */
export function exportPowerEvents(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/report/power/export', query, fallbackName);
}

