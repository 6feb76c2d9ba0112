import type { AlarmRow } from '@ullage/contracts/alarms';
import type { ListResult } from '@ullage/contracts/list';
import type { ListParams } from '../../../components/list-page/list-query';
import { apiData } from '../../../lib/api-client';

/** GET /api/alarm/list: one page of level or leak alarms in the caller's scope. */
export function listAlarms(query: ListParams, signal?: AbortSignal): Promise<ListResult<AlarmRow>> {
  return apiData<ListResult<AlarmRow>>('/api/alarm/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}
