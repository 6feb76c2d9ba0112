import type { ListResult } from '@ullage/contracts/list';
import type { CompanyRow } from '@ullage/contracts/settings-org';
import { apiData } from './api-client';
import type { ListParams } from '../components/list-page/list-query';

/** GET /api/company/list: one page of companies within the caller's scope. */
export function listCompanies(query: ListParams, signal?: AbortSignal): Promise<ListResult<CompanyRow>> {
  return apiData<ListResult<CompanyRow>>('/api/company/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}
