import type { ListResult } from '@ullage/contracts/list';
import type { TagRow } from '@ullage/contracts/settings-more';
import { apiData } from '../../../lib/api-client';
import type { ListParams } from '../../../components/list-page/list-query';

/** GET /api/tag/list: one page of tags within the caller's scope. */
export function listTags(query: ListParams, signal?: AbortSignal): Promise<ListResult<TagRow>> {
  return apiData<ListResult<TagRow>>('/api/tag/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}
