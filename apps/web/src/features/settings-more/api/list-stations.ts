import type { ListResult } from '@ullage/contracts/list';
import type { StationRow } from '@ullage/contracts/settings-more';
import { apiData } from '../../../lib/api-client';
import type { ListParams } from '../../../components/list-page/list-query';

/** GET /api/station/list: one page of stations within the caller's scope. */
export function listStations(query: ListParams, signal?: AbortSignal): Promise<ListResult<StationRow>> {
  return apiData<ListResult<StationRow>>('/api/station/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}
