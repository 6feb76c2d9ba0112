import type { ListResult } from '@ullage/contracts/list';
import type { AreaRow } from '@ullage/contracts/settings-org';
import { apiData } from './api-client';
import type { ListParams } from '../components/list-page/list-query';

/** GET /api/area/list: one page of areas within the caller's scope. */
export function listAreas(query: ListParams, signal?: AbortSignal): Promise<ListResult<AreaRow>> {
  return apiData<ListResult<AreaRow>>('/api/area/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}
