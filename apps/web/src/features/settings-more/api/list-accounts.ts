import type { ListResult } from '@ullage/contracts/list';
import type { AccountRow } from '@ullage/contracts/settings-more';
import { apiData } from '../../../lib/api-client';
import type { ListParams } from '../../../components/list-page/list-query';

/** GET /api/account/list: one page of accounts within the caller's scope. */
export function listAccounts(query: ListParams, signal?: AbortSignal): Promise<ListResult<AccountRow>> {
  return apiData<ListResult<AccountRow>>('/api/account/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}
