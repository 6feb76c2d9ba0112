import type { ListResult } from '@ullage/contracts/list';
import type { DistributorRow } from '@ullage/contracts/settings-org';
import { apiData } from '../../../lib/api-client';
import type { ListParams } from '../../../components/list-page/list-query';

/** GET /api/distributor/list: one page of distributors within the caller's scope. */
export function listDistributors(query: ListParams, signal?: AbortSignal): Promise<ListResult<DistributorRow>> {
  return apiData<ListResult<DistributorRow>>('/api/distributor/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}
